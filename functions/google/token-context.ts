/**
 * The KMS encryption context of a sealed Google refresh token: what it is for, and whose it is. The key's
 * grants (infra/constructs/google-access.ts) accept exactly this context, so a role can ask KMS for no
 * other use of the key.
 */
export const GOOGLE_TOKEN_PURPOSE = 'google-refresh-token';
export const googleTokenContextKeys = ['purpose', 'userId', 'workspaceId', 'accountId'] as const;

/** The token sealed for this user, workspace and account only. */
export function tokenContext(account: { readonly userId: string; readonly workspaceId: string; readonly accountId: string }): Record<(typeof googleTokenContextKeys)[number], string> {
  return { purpose: GOOGLE_TOKEN_PURPOSE, userId: account.userId, workspaceId: account.workspaceId, accountId: account.accountId };
}
