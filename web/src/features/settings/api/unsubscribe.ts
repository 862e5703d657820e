import { useMutation } from '@tanstack/react-query';
import { unsubscribeRoutes } from '@shared/routes/unsubscribe';
import { MAIL_KINDS, type MailKind } from '@shared/schemas/unsubscribe';
import { callRoute } from '@/lib/api-client';

export const UNSUBSCRIBE_FAILED = 'This unsubscribe link is not valid. You can turn mails off in Settings once signed in.';

/** The kind of mail a link's token names (`v1.<user>.<kind>.<signature>`), to say what it turns off; the server checks it. */
export function mailKindOf(token: string): MailKind | undefined {
  const kind = token.split('.')[2];
  return MAIL_KINDS.find((candidate) => candidate === kind);
}

/** Turns off the mail the token names, without signing in (the token is the access). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: async (token: string) => (await callRoute(unsubscribeRoutes.Unsubscribe, { body: { token } })).kind });
}
