import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * One-use admissions to the WebSocket. A URL ends up in proxy and gateway logs and in browser history, so
 * the socket's URL carries a ticket instead of the ID token: made by an authenticated HTTP call, valid for
 * `SOCKET_TICKET_SECONDS`, gone at its first use. The table keeps only the ticket's SHA-256.
 */
export const SOCKET_TICKET_SECONDS = 30;

const storedTicket = z.object({ userId: z.string(), tokenExpiresAt: z.number() });
/** Whom a ticket admits, and until when their sign-in holds (the ID token's expiry, seconds since the epoch). */
export type SocketAdmission = z.infer<typeof storedTicket>;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export async function issueSocketTicket(admission: SocketAdmission): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const validUntil = epochSeconds() + SOCKET_TICKET_SECONDS;
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      // `expiresAt` is the table's TTL, which deletes late: `validUntil` is what the check reads.
      Item: { ...keys.socketTicket(hashOf(ticket)), entity: 'SocketTicket', ...admission, validUntil, expiresAt: validUntil + 60 },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return ticket;
}

/** Takes the ticket (a second use finds nothing); undefined when it is unknown, used or past its time. */
export async function redeemSocketTicket(ticket: string): Promise<SocketAdmission | undefined> {
  try {
    const { Attributes } = await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.socketTicket(hashOf(ticket)),
        ConditionExpression: 'validUntil >= :now',
        ExpressionAttributeValues: { ':now': epochSeconds() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? storedTicket.parse(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
