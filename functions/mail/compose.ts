import { unprintableAsSpace } from '../../shared/rules/printable-text.js';
import { optionalEnv } from '../lib/config.js';
import { escapeHtml } from './escape-html.js';
import type { OutgoingMail } from './mailer.js';

/**
 * What every mail of the app is made of: plain lines (escaped into the HTML part) and at most one link, the
 * app's own address from the deployment. Names in mails come from the server's own data, never a request.
 */
export const APP_NAME = 'TaskFlow';
/** Public address of the web app (`https://…`, no trailing slash); without it the mails carry no link. */
export const webUrl = optionalEnv('WEB_URL')?.replace(/\/+$/, '');

/** Names go into a subject line: one line of printable text, bounded. */
export function inline(text: string): string {
  return unprintableAsSpace(text).trim().slice(0, 100);
}

export function buildMail(input: { to: string; subject: string; lines: string[]; link?: { url: string; label: string } | undefined }): OutgoingMail {
  const { to, subject, lines, link } = input;
  const textLink = link ? [`${link.label}: ${link.url}`] : [];
  const htmlLink = link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : [];
  return {
    to,
    subject,
    text: [...lines, ...textLink].join('\n\n'),
    html: [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), ...htmlLink].join('\n'),
  };
}

