import { optionalEnv } from '../lib/config.js';
import { escapeHtml } from './escape-html.js';
import type { OutgoingMail } from './mailer.js';

/**
 * What every mail of the app is made of: plain lines (escaped into the HTML part), at most one link to the
 * app's own address from the deployment, and a notification's unsubscribe link. Names in mails come from the server's own data, never a request.
 */
export const APP_NAME = 'TaskFlow';
/** Public address of the web app (`https://…`, no trailing slash); without it the mails carry no link. */
export const webUrl = optionalEnv('WEB_URL')?.replace(/\/+$/, '');

/**
 * A name someone chose (a workspace, a task, a person) in a mail's body: letters, digits, punctuation and
 * spaces only, on one line, bounded. No symbols, format characters (a hidden direction override) or line
 * breaks, so it cannot pass for the mail's own words or disguise an address. Subjects carry none: a mail
 * whose subject an inviter wrote is a phishing mail sent from our domain.
 */
export function mailName(text: string): string {
  return text
    // Hangul fillers are letters that show nothing.
    .replace(/[^\p{L}\p{M}\p{N}\p{P} ]|[\u115f\u1160\u3164\uffa0]/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 100);
}

interface MailLink {
  readonly url: string;
  readonly label: string;
}

/** `unsubscribe`: the link at the foot of a notification mail that turns its kind off (mail/unsubscribe-links.ts). */
export function buildMail(input: { to: string; subject: string; lines: string[]; link?: MailLink | undefined; unsubscribe?: MailLink | undefined }): OutgoingMail {
  const { to, subject, lines } = input;
  const links = [input.link, input.unsubscribe].filter((link): link is MailLink => link !== undefined);
  const textLink = links.map((link) => `${link.label}: ${link.url}`);
  const htmlLink = links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`);
  return {
    to,
    subject,
    text: [...lines, ...textLink].join('\n\n'),
    html: [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), ...htmlLink].join('\n'),
  };
}

