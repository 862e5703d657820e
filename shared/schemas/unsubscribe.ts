import * as z from 'zod/mini';

/**
 * The kinds of mail an unsubscribe link turns off (issue 37), each one notification preference:
 * `mentions` sets mentionsAndAssignments to off, the others their switch (`dueDates` is the due-date reminder).
 */
export const MAIL_KINDS = ['mentions', 'dailyDigest', 'weeklyReview', 'dueDates'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The mail a kind names, as the link and the confirmation say it ("Turn off <label> mails"). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  mentions: 'mention and assignment',
  dailyDigest: 'daily digest',
  weeklyReview: 'weekly review',
  dueDates: 'due date reminder',
};

/** The web app's page a mail's unsubscribe link opens (`?token=`); it posts the token to POST /mail/unsubscribe. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

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
