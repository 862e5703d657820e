import type { NotificationPreferences } from '../../shared/schemas/profile.js';
import type { MailKind } from '../../shared/schemas/unsubscribe.js';
import { setNotificationPreferences } from '../data/profile.js';
import { NotFoundError } from '../lib/errors.js';
import { verifyUnsubscribeToken } from '../mail/unsubscribe-token.js';

/** The preference that stops a kind of mail. */
const turnedOff: Record<MailKind, Partial<NotificationPreferences>> = {
  mentions: { mentionsAndAssignments: 'off' },
  dailyDigest: { dailyDigest: false },
  weeklyReview: { weeklyReview: false },
  dueDates: { dueDates: false },
};

/**
 * An unsubscribe link's token turns its kind of mail off for its user (issue 37). A token that does not
 * verify, or a user without a profile, is 404 and changes nothing; a second use changes nothing more.
 */
export async function unsubscribe(token: string): Promise<MailKind> {
  const signed = await verifyUnsubscribeToken(token);
  if (!signed || !(await setNotificationPreferences(signed.userId, turnedOff[signed.kind], new Date().toISOString()))) throw new NotFoundError('This unsubscribe link is not valid');
  return signed.kind;
}
