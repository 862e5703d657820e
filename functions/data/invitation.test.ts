import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { acceptInvitation, addMembershipUsingUpInvitation, listInvitationsForEmail } = await import('./invitation.js');

const dynamo = mockClient(DynamoDBDocumentClient);
const invitation = (workspaceId: string) => ({
  PK: `WS#${workspaceId}`,
  SK: 'INVITE#ada@example.com',
  entity: 'Invitation',
  workspaceId,
  email: 'ada@example.com',
  role: 'member',
  invitedBy: 'user-1',
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('listInvitationsForEmail', () => {
  afterEach(() => dynamo.reset());

  it('follows every page of the index, so no workspace that invited the address is missed', async () => {
    const next = { GSI2PK: 'EMAIL#ada@example.com', GSI2SK: 'INVITE#ws-1', PK: 'WS#ws-1', SK: 'INVITE#ada@example.com' };
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [invitation('ws-1')], LastEvaluatedKey: next })
      .resolves({ Items: [invitation('ws-2')] });

    const invitations = await listInvitationsForEmail('ada@example.com', new Date('2026-11-24T00:00:00.000Z'));

    expect(invitations.map((item) => item.workspaceId)).toEqual(['ws-1', 'ws-2']);
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ TableName: 'table', IndexName: 'GSI2' });
    expect(queries[1]?.ExclusiveStartKey).toEqual(next);
  });

  it('leaves out invitations past their expiry that the TTL has not deleted yet (14 days when stored without one)', async () => {
    const expired = { ...invitation('ws-1'), expiresAt: Date.parse('2026-11-30T00:00:00.000Z') / 1000 };
    dynamo.on(QueryCommand).resolves({ Items: [expired, invitation('ws-2')] });
    const onDecember1 = await listInvitationsForEmail('ada@example.com', new Date('2026-12-01T00:00:00.000Z'));
    expect(onDecember1.map((item) => item.workspaceId)).toEqual(['ws-2']);
    expect(onDecember1[0]?.expiresAt).toBe(Date.parse('2026-12-07T10:00:00.000Z') / 1000);
    expect(await listInvitationsForEmail('ada@example.com', new Date('2026-12-07T10:00:00.000Z'))).toEqual([]);
  });
});

describe('acceptInvitation', () => {
  afterEach(() => dynamo.reset());

  const pending = {
    workspaceId: 'ws-1',
    email: 'ada@example.com',
    role: 'member' as const,
    invitedBy: 'user-1',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: Date.parse('2026-12-07T10:00:00.000Z') / 1000,
  };
  const membership = {
    workspaceId: 'ws-1',
    userId: 'user-2',
    role: 'member' as const,
    email: 'ada@example.com',
    createdAt: '2026-11-23T11:00:00.000Z',
    addedBy: 'user-1',
    noticeSeen: false,
  };

  it('leaves an invitation that a concurrent listing is accepting to that listing (stale), instead of failing', async () => {
    // Two listings at once (two tabs) run the same transaction; DynamoDB cancels one with TransactionConflict.
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
      }),
    );
    await expect(acceptInvitation(pending, membership)).resolves.toBe('stale');
  });

  it('reports Add Member losing a race to a concurrent transaction as stale (a 409 for the caller), not a 500', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
      }),
    );
    await expect(addMembershipUsingUpInvitation(membership)).resolves.toBe('stale');
  });

  it('still fails loudly on anything else', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('network down'));
    await expect(acceptInvitation(pending, membership)).rejects.toThrow('network down');
  });
});
