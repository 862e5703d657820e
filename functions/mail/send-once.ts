import type { ItemKey } from '../data/keys.js';
import { claimMail, markMailSent, releaseMail } from '../data/reminders.js';
import { logger } from '../lib/logger.js';
import { isPermanentRefusal, sendMail, type OutgoingMail } from './mailer.js';

/**
 * 'sent'; 'skipped': sent already, or another delivery is sending it; 'refused': SES refused it for good
 * (see isPermanentRefusal), recorded as done since sending again would fail the same way; 'failed': failed
 * for now, released so that the caller's retry sends it.
 */
export type SendOutcome = 'sent' | 'skipped' | 'refused' | 'failed';

/**
 * Sends the mail at most once per key however often it is tried (the lease of data/reminders.ts): a run
 * that dies between sending and recording leaves it taken for a moment, and its retry sends it again (twice,
 * rarely, rather than never). `mail` is made only once the mail is taken.
 */
export async function sendOnce(key: ItemKey, now: Date, mail: () => Promise<OutgoingMail> | OutgoingMail, context: Record<string, unknown>): Promise<SendOutcome> {
  const leaseToken = await claimMail(key, now);
  if (!leaseToken) return 'skipped';
  try {
    await sendMail(await mail());
  } catch (error) {
    if (isPermanentRefusal(error)) {
      // The refusal is counted in MailsRefused.
      logger.warn('Mail refused by SES', { ...context, error });
      await markMailSent(key, leaseToken);
      return 'refused';
    }
    logger.error('Mail failed', { ...context, error });
    await releaseMail(key, leaseToken);
    return 'failed';
  }
  await markMailSent(key, leaseToken);
  return 'sent';
}
