import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { deleteWorkspaceWithData, deletionPhases } = await import('./workspace-deletion.js');

const dynamo = mockClient(DynamoDBDocumentClient);

describe('deletionPhases', () => {
  it("shuts the other members out first and keeps the owner's membership for last, so the owner can repeat a cut-off deletion", () => {
    const items = [
      { PK: 'WS#w', SK: 'MEMBER#owner', role: 'owner' },
      { PK: 'WS#w', SK: 'PROJECT#p' },
      { PK: 'WS#w', SK: 'MEMBER#admin', role: 'admin' },
      { PK: 'WS#w', SK: 'INVITE#x@example.com', role: 'member' },
      { PK: 'WS#w', SK: 'MEMBER#member', role: 'member' },
    ];
    const phases = deletionPhases(items);
    expect(phases.otherMembers.map((key) => key.SK)).toEqual(['MEMBER#admin', 'MEMBER#member']);
    expect(phases.rest.map((key) => key.SK)).toEqual(['PROJECT#p', 'INVITE#x@example.com']);
    expect(phases.owner).toEqual([{ PK: 'WS#w', SK: 'MEMBER#owner' }]);
  });
});

describe('deleteWorkspaceWithData', () => {
  afterEach(() => dynamo.reset());

  it("sweeps the workspace's and its projects' partitions with consistent reads", async () => {
    // DynamoDB Local is always consistent, so the commands are what can be checked: an eventually
    // consistent sweep can miss an item written just before, which then outlives the workspace.
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'WS#ws-1', ':prefix': 'PROJECT#' } }).resolves({ Items: [{ id: 'p-1' }] });
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    dynamo.on(BatchWriteCommand).resolves({});

    await deleteWorkspaceWithData('ws-1');

    const sweeps = dynamo
      .commandCalls(QueryCommand)
      .map((call) => call.args[0].input)
      .filter((input) => /^(WS#ws-1|PROJ#ws-1#p-1)$/.test(String(input.ExpressionAttributeValues?.[':pk'])));
    expect(sweeps.map((input) => input.ExpressionAttributeValues?.[':pk'])).toEqual(['WS#ws-1', 'WS#ws-1', 'PROJ#ws-1#p-1']);
    for (const sweep of sweeps) expect(sweep.ConsistentRead).toBe(true);
  });
});
