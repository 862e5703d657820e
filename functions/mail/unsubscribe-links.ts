import { MAIL_KIND_LABELS, UNSUBSCRIBE_PAGE_PATH, type MailKind } from '../../shared/schemas/unsubscribe.js';
import { webUrl } from './compose.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** The link at the foot of a mail of `kind` to the user; none without the web app's address. */
export async function unsubscribeLink(userId: string, kind: MailKind): Promise<{ url: string; label: string } | undefined> {
  if (!webUrl) return undefined;
  const token = await signUnsubscribeToken(userId, kind);
  return { url: `${webUrl}${UNSUBSCRIBE_PAGE_PATH}?${new URLSearchParams({ token }).toString()}`, label: `Turn off ${MAIL_KIND_LABELS[kind]} mails` };
}
