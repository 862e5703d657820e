import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { apiTokenScopes } from '../../shared/schemas/api-token.js';
import { documentClient, tableName } from './client.js';
import { indexes, keys, userLookup } from './keys.js';
import { conditionFailure, queryIndexByPrefix } from './table-operations.js';

/**
 * A personal API token as stored: keyed by its secret's SHA-256 (the table never holds a usable secret),
 * indexed by its owner for their list. `expiresAt` is also the table's TTL, so an expired token goes away by
 * itself; the checks read it, since the TTL deletes late.
 */
const storedApiToken = z.object({
  secretHash: z.string(),
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  workspaceId: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z._default(z.nullable(z.string()), null),
  /** Seconds since the epoch; absent for a token that never expires. */
  expiresAt: z._default(z.nullable(z.number()), null),
});
export type ApiToken = z.infer<typeof storedApiToken>;

const API_TOKEN_ENTITY = 'ApiToken';

/** Last use is written at most once a minute per token, so a busy token costs no write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function putApiToken(token: ApiToken): Promise<void> {
  const { expiresAt, lastUsedAt, ...rest } = token;
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.apiToken(token.secretHash),
        entity: API_TOKEN_ENTITY,
        ...rest,
        ...(expiresAt === null ? {} : { expiresAt }),
        ...(lastUsedAt === null ? {} : { lastUsedAt }),
        [indexes.userLookup.partitionKey]: userLookup.partition(token.userId),
        [indexes.userLookup.sortKey]: userLookup.apiTokenSortKey(token.id),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** The token whose secret has this hash (a strongly consistent read: a revoked token is gone at once). */
export async function getApiTokenByHash(secretHash: string): Promise<ApiToken | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.apiToken(secretHash), ConsistentRead: true }));
  return Item ? storedApiToken.parse(Item) : undefined;
}

/** A user's tokens, expired ones the TTL has not yet swept included. */
export async function listApiTokensOfUser(userId: string): Promise<ApiToken[]> {
  const items = await queryIndexByPrefix(indexes.userLookup, userLookup.partition(userId), userLookup.apiTokenPrefix);
  return items.map((item) => storedApiToken.parse(item));
}

/** Deletes the token if it is still there; false when it was gone already. */
export async function deleteApiToken(token: Pick<ApiToken, 'secretHash'>): Promise<boolean> {
  try {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.apiToken(token.secretHash), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (conditionFailure(error) !== undefined) return false;
    throw error;
  }
}

/** Records a use, unless one was recorded in the last minute (then nothing is written). */
export async function recordApiTokenUse(token: Pick<ApiToken, 'secretHash' | 'lastUsedAt'>, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  if (token.lastUsedAt !== null && token.lastUsedAt > staleBefore) return;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiToken(token.secretHash),
        UpdateExpression: 'SET lastUsedAt = :now',
        // Not on a token revoked meanwhile (it would be made again), nor twice by parallel requests.
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :staleBefore)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':staleBefore': staleBefore },
      }),
    );
  } catch (error) {
    if (conditionFailure(error) === undefined) throw error;
  }
}
