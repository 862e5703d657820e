import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { getMembership } = await import('./membership.js');

const dynamo = mockClient(DynamoDBDocumentClient);

describe('getMembership', () => {
  afterEach(() => dynamo.reset());

  it('reads consistently, so a removed member is refused at once (DynamoDB Local is always consistent: the command is checked)', async () => {
    dynamo.on(GetCommand).resolves({});

    expect(await getMembership('ws-1', 'user-1')).toBeUndefined();

    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 'table',
      Key: { PK: 'WS#ws-1', SK: 'MEMBER#user-1' },
      ConsistentRead: true,
    });
  });
});
