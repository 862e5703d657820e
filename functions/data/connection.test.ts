import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { deleteConnection } = await import('./connection.js');

const dynamo = mockClient(DynamoDBDocumentClient);

describe('deleteConnection', () => {
  afterEach(() => dynamo.reset());

  it('removes the subscriptions of every page of the connection, not only the first', async () => {
    const meta = { PK: 'CONN#c1', SK: 'META', entity: 'Connection', connectionId: 'c1', userId: 'u1' };
    const reference = (workspaceId: string) => ({ PK: 'CONN#c1', SK: `SUB#${workspaceId}`, entity: 'SubscriptionRef', workspaceId });
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [meta, reference('ws-1')], LastEvaluatedKey: { PK: 'CONN#c1', SK: 'SUB#ws-1' } })
      .resolves({ Items: [reference('ws-2')] });
    dynamo.on(BatchWriteCommand).resolves({});

    await deleteConnection('c1');

    const deleted = dynamo
      .commandCalls(BatchWriteCommand)
      .flatMap((call) => call.args[0].input.RequestItems?.table ?? [])
      .map((request) => `${String(request.DeleteRequest?.Key?.PK)} ${String(request.DeleteRequest?.Key?.SK)}`);
    expect(deleted).toEqual(
      expect.arrayContaining(['CONN#c1 META', 'CONN#c1 SUB#ws-1', 'WSSUB#ws-1 CONN#c1', 'CONN#c1 SUB#ws-2', 'WSSUB#ws-2 CONN#c1']),
    );
    expect(dynamo.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({ PK: 'CONN#c1', SK: 'SUB#ws-1' });
  });
});
