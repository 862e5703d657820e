import type { NotificationPreferences } from '../../shared/schemas/profile.js';
import type { MailKind } from '../../shared/schemas/unsubscribe.js';
import { getProfile, updateProfile } from '../data/profile.js';
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
  const profile = signed && (await getProfile(signed.userId));
  if (!signed || !profile) throw new NotFoundError('This unsubscribe link is not valid');
  const notificationPreferences = { ...profile.notificationPreferences, ...turnedOff[signed.kind] };
  await updateProfile(signed.userId, { notificationPreferences }, new Date().toISOString());
  return signed.kind;
}
