import { MAIL_KIND_LABELS, type MailKind } from '../../shared/schemas/unsubscribe.js';
import { webUrl } from './compose.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** The web app's page that turns the mail off (it posts the token to POST /mail/unsubscribe); none without the app's address. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export async function unsubscribeLink(userId: string, kind: MailKind): Promise<{ url: string; label: string } | undefined> {
  if (!webUrl) return undefined;
  const token = await signUnsubscribeToken(userId, kind);
  return { url: `${webUrl}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`, label: `Turn off ${MAIL_KIND_LABELS[kind].toLowerCase()} mails` };
}
