import { unprintableAsSpace } from '../../shared/rules/printable-text.js';
import { optionalEnv } from '../lib/config.js';
import { escapeHtml } from './escape-html.js';
import { sendMail, type OutgoingMail } from './mailer.js';

/**
 * The two invitation mails (spec core §4). Names in them come from the server's own data (the stored
 * workspace name, the inviter's profile), never from the request, and are HTML-escaped; the only link is
 * the app's own address from the deployment.
 */
const APP_NAME = 'TaskFlow';
/** Public address of the web app (`https://…`, no trailing slash); without it the mails carry no link. */
const webUrl = optionalEnv('WEB_URL')?.replace(/\/+$/, '');

export interface InvitationMailInput {
  readonly to: string;
  readonly workspaceName: string;
  readonly inviterName: string;
}

/** Names go into a subject line: one line of printable text, bounded. */
function inline(text: string): string {
  return unprintableAsSpace(text).trim().slice(0, 100);
}

function buildMail(input: { to: string; subject: string; lines: string[]; link?: { url: string; label: string } | undefined }): OutgoingMail {
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

/** To an existing account that was added at once. */
export function addedToWorkspaceMail({ to, workspaceName, inviterName }: InvitationMailInput): OutgoingMail {
  const workspace = inline(workspaceName);
  const inviter = inline(inviterName);
  return buildMail({
    to,
    subject: `${inviter} added you to ${workspace} on ${APP_NAME}`,
    lines: [`${inviter} added you to the workspace "${workspace}" on ${APP_NAME}.`, 'It is in your workspace list the next time you open the app.'],
    link: webUrl ? { url: webUrl, label: `Open ${APP_NAME}` } : undefined,
  });
}

/** To an address without an account: sign up with it to join. */
export function signUpInvitationMail({ to, workspaceName, inviterName }: InvitationMailInput): OutgoingMail {
  const workspace = inline(workspaceName);
  const inviter = inline(inviterName);
  return buildMail({
    to,
    subject: `${inviter} invited you to ${workspace} on ${APP_NAME}`,
    lines: [
      `${inviter} invited you to join the workspace "${workspace}" on ${APP_NAME}.`,
      `Create your account with this e-mail address (${to}); you join the workspace when you first sign in.`,
    ],
    link: webUrl ? { url: `${webUrl}/auth/register`, label: 'Create your account' } : undefined,
  });
}

export async function sendAddedToWorkspaceMail(input: InvitationMailInput): Promise<void> {
  await sendMail(addedToWorkspaceMail(input));
}

export async function sendSignUpInvitationMail(input: InvitationMailInput): Promise<void> {
  await sendMail(signUpInvitationMail(input));
}
