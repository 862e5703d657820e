import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { listInvitationsForEmail } = await import('./invitation.js');

const dynamo = mockClient(DynamoDBDocumentClient);
const invitation = (workspaceId: string) => ({
  PK: `WS#${workspaceId}`,
  SK: 'INVITE#ada@example.com',
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

    const invitations = await listInvitationsForEmail('ada@example.com');

    expect(invitations.map((item) => item.workspaceId)).toEqual(['ws-1', 'ws-2']);
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ TableName: 'table', IndexName: 'GSI2' });
    expect(queries[1]?.ExclusiveStartKey).toEqual(next);
  });
});
