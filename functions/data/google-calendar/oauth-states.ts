import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from '../client.js';
import { keys } from '../keys.js';

/**
 * Pending authorizations (`OAUTHSTATE#<state>`, outside the connection's partition): one-use states, each
 * bound to the user and workspace that asked for Google's consent.
 * `expiresAt` is in epoch seconds: the table's TTL attribute, so DynamoDB also sweeps states never used.
 * `codeVerifier`: the PKCE secret of the authorization the state belongs to.
 */
const storedState = z.object({ userId: z.string(), workspaceId: z.string(), codeVerifier: z.string(), expiresAt: z.number() });
export type OAuthState = z.infer<typeof storedState>;

export async function putOAuthState(state: string, pending: OAuthState): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.oauthState(state), entity: 'OAuthState', ...pending },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Deletes the state and returns what it was bound to: a second use finds nothing. A state stored before it
 * kept a PKCE verifier (at most 10 minutes old at the upgrade) counts as unknown: the user connects again.
 */
export async function takeOAuthState(state: string): Promise<OAuthState | undefined> {
  const { Attributes } = await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.oauthState(state), ReturnValues: 'ALL_OLD' }));
  return Attributes ? storedState.safeParse(Attributes).data : undefined;
}
