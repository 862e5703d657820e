import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from '../client.js';
import { emailLookup, googleSortKeyPrefixes, indexes, keys } from '../keys.js';
import { conditionFailure, membershipCheck, queryIndexByPrefix, transactWriteOrRefusal } from '../table-operations.js';
import { deleteAccountCopies, queryPrefix, strip } from './partition.js';

const sealedSecret = z.object({ encryptedKey: z.string(), iv: z.string(), tag: z.string(), ciphertext: z.string() });

/** A Google account the user connected in the workspace (`ACCOUNT#<account>`), its refresh token sealed, never in clear. */
const storedAccount = z.object({
  entity: z.literal('GoogleAccount'),
  accountId: z.string(),
  workspaceId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string(),
  refreshToken: sealedSecret,
  needsReconnect: z.boolean(),
  connectedAt: z.string(),
});
export type StoredAccount = Omit<z.infer<typeof storedAccount>, 'entity'>;

export async function listAccounts(workspaceId: string, userId: string): Promise<StoredAccount[]> {
  return (await queryPrefix(workspaceId, userId, googleSortKeyPrefixes.account)).map((item) => strip(storedAccount.parse(item)));
}

export async function getAccount(workspaceId: string, userId: string, accountId: string): Promise<StoredAccount | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.googleAccount(workspaceId, userId, accountId) }));
  return Item ? strip(storedAccount.parse(Item)) : undefined;
}

/** The index attributes that find every connection of one Google account (`connectionsOfGoogleAccount`). */
export const googleAccountLookup = (account: Pick<StoredAccount, 'accountId' | 'workspaceId' | 'userId'>) => ({
  [indexes.emailLookup.partitionKey]: emailLookup.googleAccountPartition(account.accountId),
  [indexes.emailLookup.sortKey]: emailLookup.googleConnectionSortKey(account.workspaceId, account.userId),
});

const accountItem = (account: StoredAccount) => ({
  ...keys.googleAccount(account.workspaceId, account.userId, account.accountId),
  ...googleAccountLookup(account),
  entity: 'GoogleAccount',
  ...account,
});

/**
 * Where a Google account is connected in this app: by every user, in every workspace. Google revokes a grant
 * for the account and the app as a whole, so one connection's removal must not revoke while another remains.
 */
export async function connectionsOfGoogleAccount(accountId: string): Promise<{ workspaceId: string; userId: string }[]> {
  const items = await queryIndexByPrefix(indexes.emailLookup, emailLookup.googleAccountPartition(accountId), emailLookup.googleConnectionPrefix);
  return items.map((item) => {
    const { workspaceId, userId } = storedAccount.parse(item);
    return { workspaceId, userId };
  });
}

/**
 * Stores a connected (or reconnected) account only while its user is still a member of the workspace, in
 * one transaction: a removal that lands while Google exchanges the code must not leave an ex-member's grant
 * behind (the removal deletes what it finds after dropping the membership; this refuses what comes later).
 */
export async function storeConnectedAccount(account: StoredAccount): Promise<'written' | 'not-member'> {
  const refused = await transactWriteOrRefusal([
    { write: membershipCheck(account.workspaceId, account.userId), refused: 'not-member' },
    { write: { Put: { TableName: tableName, Item: accountItem(account) } } },
  ]);
  return refused ?? 'written';
}

/**
 * Sets or clears the account's reconnect mark, only if the account is still stored with the grant the caller
 * used: a disconnect or a removal meanwhile is not undone, nor a reconnection (a new grant) marked stale.
 */
export async function markReconnect(account: StoredAccount, needsReconnect: boolean): Promise<'written' | 'missing'> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.googleAccount(account.workspaceId, account.userId, account.accountId),
        UpdateExpression: 'SET needsReconnect = :mark',
        ConditionExpression: 'refreshToken.ciphertext = :grant',
        ExpressionAttributeValues: { ':mark': needsReconnect, ':grant': account.refreshToken.ciphertext },
      }),
    );
    return 'written';
  } catch (error) {
    if (conditionFailure(error)) return 'missing';
    throw error;
  }
}

/** Everything stored for one account: the account, its calendars, their events and deadline records. */
export async function deleteAccountData(workspaceId: string, userId: string, accountId: string): Promise<void> {
  await deleteAccountCopies(workspaceId, userId, accountId);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.googleAccount(workspaceId, userId, accountId) }));
}
