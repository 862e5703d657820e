import { deleteGoogleConnection, listAccounts, type StoredAccount } from '../data/google-calendar.js';
import { revokeGrant } from '../google/google-client.js';
import { googleSettings } from '../google/google-settings.js';
import { logger } from '../lib/logger.js';

/** The token sealed for this user, workspace and account only. */
export const tokenContext = (account: Pick<StoredAccount, 'userId' | 'workspaceId' | 'accountId'>) => ({
  purpose: 'google-refresh-token',
  userId: account.userId,
  workspaceId: account.workspaceId,
  accountId: account.accountId,
});

/**
 * Revokes one stored grant at Google, best effort: whatever Google answers (or if Google is no longer
 * configured), the caller deletes the stored grant anyway, so a failure is logged, not thrown.
 */
export async function revokeStoredGrant(account: StoredAccount): Promise<void> {
  try {
    await revokeGrant(await googleSettings().tokenCipher.open(account.refreshToken, tokenContext(account)));
  } catch (error) {
    logger.warn('Could not revoke a Google grant', { accountId: account.accountId, error: error instanceof Error ? error.name : 'unknown' });
  }
}

/**
 * Revokes at Google every grant a user connected in a workspace: the Google access this app holds ends with
 * their place in the workspace (they left or were removed, or the workspace is being deleted, which then
 * deletes the stored grants with everything else).
 */
export async function revokeGoogleGrantsOf(workspaceId: string, userId: string): Promise<void> {
  await Promise.all((await listAccounts(workspaceId, userId)).map(revokeStoredGrant));
}

/** A member who left or was removed: their grants in the workspace are revoked and everything stored goes. */
export async function endGoogleConnectionsOf(workspaceId: string, userId: string): Promise<void> {
  await revokeGoogleGrantsOf(workspaceId, userId);
  await deleteGoogleConnection(workspaceId, userId);
}
