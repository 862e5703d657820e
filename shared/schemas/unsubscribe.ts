import * as z from 'zod/mini';

/**
 * The kinds of mail an unsubscribe link turns off (issue 37), each one notification preference:
 * `mentions` sets mentionsAndAssignments to off, the others their switch (`dueDates` is the due-date reminder).
 */
export const MAIL_KINDS = ['mentions', 'dailyDigest', 'weeklyReview', 'dueDates'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What the confirmation says was turned off, in Settings' words. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  mentions: 'Mentions and assignments',
  dailyDigest: 'Daily digest',
  weeklyReview: 'Weekly review',
  dueDates: 'Due date reminders',
};

/** The token of the link (functions/mail/unsubscribe-token.ts): `v1.<user id>.<kind>.<signature>`. */
export const unsubscribeInput = z.object({
  token: z.string({ error: 'token is required' }).check(
    z.minLength(1, { error: 'token is required', abort: true }),
    z.maxLength(200, { error: 'token must be at most 200 characters' }),
  ),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeInput>;

export const unsubscribeResponse = z.object({ kind: z.enum(MAIL_KINDS) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;
