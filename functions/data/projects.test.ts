import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { deleteProjectTree, listProjectIds } = await import('./projects.js');

const dynamo = mockClient(DynamoDBDocumentClient);

/**
 * DynamoDB Local reads consistently whatever it is asked, so whether the deletion sweeps ask for it is
 * checked on the commands they send: an eventually consistent read can miss a child written just before
 * the project was marked, and that child would outlive its project.
 */
describe('the sweeps of a project deletion', () => {
  afterEach(() => dynamo.reset());

  it("reads the project's partition consistently after marking it", async () => {
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(DeleteCommand).resolves({});

    expect(await deleteProjectTree('ws-1', 'p-1')).toBe(true);

    const [sweep] = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(sweep).toMatchObject({ ExpressionAttributeValues: { ':pk': 'PROJ#ws-1#p-1' }, ConsistentRead: true });
  });

  it("leaves a workspace's deletion its tasks' comments and files: no per-file reads or counter transactions", async () => {
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'PROJ#ws-1#p-1' } }).resolves({ Items: [{ PK: 'PROJ#ws-1#p-1', SK: 'TASK#t-1', entity: 'Task', id: 't-1' }] });
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});

    expect(await deleteProjectTree('ws-1', 'p-1')).toBe(true);

    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("lists a workspace's projects consistently for its deletion", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ id: 'p-1' }] });

    expect(await listProjectIds('ws-1')).toEqual(['p-1']);

    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({ ConsistentRead: true });
  });
});
