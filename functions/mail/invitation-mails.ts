import { APP_NAME, buildMail, mailName, webUrl } from './compose.js';
import { sendMail, type OutgoingMail } from './mailer.js';

/**
 * The two invitation mails (spec core §4). Names in them come from the server's own data (the stored
 * workspace name, the inviter's profile), never from the request, only in the body (compose.ts mailName),
 * and are HTML-escaped; the only link is the app's own address from the deployment.
 */

export interface InvitationMailInput {
  readonly to: string;
  readonly workspaceName: string;
  readonly inviterName: string;
  /** The workspace the sign-up link opens once the account is made. */
  readonly workspaceId?: string;
}

/** To an existing account that was added at once. */
export function addedToWorkspaceMail({ to, workspaceName, inviterName }: InvitationMailInput): OutgoingMail {
  const workspace = mailName(workspaceName);
  const inviter = mailName(inviterName);
  return buildMail({
    to,
    subject: `You were added to a workspace on ${APP_NAME}`,
    lines: [`${inviter} added you to the workspace "${workspace}" on ${APP_NAME}.`, 'It is in your workspace list the next time you open the app.'],
    link: webUrl ? { url: webUrl, label: `Open ${APP_NAME}` } : undefined,
  });
}

/** To an address without an account: sign up with it to join. */
export function signUpInvitationMail({ to, workspaceName, inviterName, workspaceId }: InvitationMailInput): OutgoingMail {
  const workspace = mailName(workspaceName);
  const inviter = mailName(inviterName);
  return buildMail({
    to,
    subject: `You are invited to a workspace on ${APP_NAME}`,
    lines: [
      `${inviter} invited you to join the workspace "${workspace}" on ${APP_NAME}.`,
      `Create your account with this e-mail address (${to}); you join the workspace when you first sign in.`,
    ],
    // The sign-up page fills in the address the invitation waits for, and opens the workspace once signed in.
    link: webUrl
      ? { url: `${webUrl}/auth/register?${new URLSearchParams({ email: to, ...(workspaceId ? { workspace: workspaceId } : {}) }).toString()}`, label: 'Create your account' }
      : undefined,
  });
}

export async function sendAddedToWorkspaceMail(input: InvitationMailInput): Promise<void> {
  await sendMail(addedToWorkspaceMail(input));
}

export async function sendSignUpInvitationMail(input: InvitationMailInput): Promise<void> {
  await sendMail(signUpInvitationMail(input));
}
