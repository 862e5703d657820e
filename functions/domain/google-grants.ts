import { connectionsOfGoogleAccount, listAccounts, type StoredAccount } from '../data/google-calendar/accounts.js';
import { deleteGoogleConnection } from '../data/google-calendar/partition.js';
import { revokeGrant } from '../google/revoke-grant.js';
import { googleTokenSettings } from '../google/google-settings.js';
import { tokenContext } from '../google/token-context.js';
import { logger } from '../lib/logger.js';


/** How long a revocation may take before the removal or deletion it belongs to goes on without it. */
const REVOKE_TIMEOUT_MS = 3_000;

/**
 * Whether the Google account is also connected somewhere else in the app: by this user in another workspace,
 * or by another user (a shared team account). Google revokes a grant for the whole Google account, every
 * token of this app for it, so revoking here would also cut it off there.
 */
async function connectedElsewhere(account: StoredAccount): Promise<boolean> {
  const connections = await connectionsOfGoogleAccount(account.accountId);
  return connections.some((other) => other.userId !== account.userId || other.workspaceId !== account.workspaceId);
}

/**
 * Revokes one stored grant at Google, best effort: whatever Google answers, and if it does not answer in a
 * few seconds (or is no longer configured), the caller deletes the stored grant anyway, so a failure is
 * logged, not thrown.
 */
async function revokeAtGoogle(account: StoredAccount): Promise<void> {
  // The time limit covers opening the sealed token too, and aborts a request to Google still under way.
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error('Google did not answer the revocation in time')), REVOKE_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => limit.signal.addEventListener('abort', () => reject(limit.signal.reason), { once: true }));
  const revoke = async () => revokeGrant(await googleTokenSettings().tokenCipher.open(account.refreshToken, tokenContext(account)), limit.signal);
  try {
    await Promise.race([revoke(), timedOut]);
  } catch (error) {
    logger.warn('Could not revoke a Google grant', { accountId: account.accountId, error: error instanceof Error ? error.message : 'unknown' });
  } finally {
    clearTimeout(timer);
  }
}

/** Revokes the grants of `accounts` (one user's, in one workspace) but those still connected elsewhere. */
async function revokeUnlessConnectedElsewhere(accounts: readonly StoredAccount[]): Promise<void> {
  await Promise.all(
    accounts.map(async (account) => {
      if (!(await connectedElsewhere(account))) await revokeAtGoogle(account);
    }),
  );
}

/** Disconnect of one account: its grant is revoked unless the same Google account is connected elsewhere. */
export function revokeStoredGrant(account: StoredAccount): Promise<void> {
  return revokeUnlessConnectedElsewhere([account]);
}

/**
 * Revokes at Google every grant a user connected in a workspace: the Google access this app holds ends with
 * their place in the workspace (they left or were removed, or the workspace is being deleted, which then
 * deletes the stored grants with everything else).
 */
export async function revokeGoogleGrantsOf(workspaceId: string, userId: string): Promise<void> {
  await revokeUnlessConnectedElsewhere(await listAccounts(workspaceId, userId));
}

/** A member who left or was removed: their grants in the workspace are revoked and everything stored goes. */
export async function endGoogleConnectionsOf(workspaceId: string, userId: string): Promise<void> {
  await revokeGoogleGrantsOf(workspaceId, userId);
  await deleteGoogleConnection(workspaceId, userId);
}
