import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { deleteAttachmentsOfTasks } = await import('./attachments.js');

const dynamo = mockClient(DynamoDBDocumentClient);

const file = (taskId: string, id: string, status: 'ready' | 'pending', size: number) => ({
  PK: 'ATTACHMENT#ws-1',
  SK: `${taskId}#${id}`,
  entity: 'Attachment',
  workspaceId: 'ws-1',
  status,
  size,
});

describe("a purge's files", () => {
  afterEach(() => dynamo.reset());

  it('go in one transaction with one summed change of the quota counter, not one transaction a file', async () => {
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATTACHMENT#ws-1', ':prefix': 't-1#' } }).resolves({ Items: [file('t-1', 'a', 'ready', 10), file('t-1', 'b', 'pending', 7)] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATTACHMENT#ws-1', ':prefix': 't-2#' } }).resolves({ Items: [file('t-2', 'c', 'ready', 32)] });
    dynamo.on(TransactWriteCommand).resolves({});

    await deleteAttachmentsOfTasks('ws-1', ['t-1', 't-2']);

    const sent = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    expect(sent).toHaveLength(1);
    const [items = []] = sent;
    expect(items.filter((item) => item.Delete)).toHaveLength(3);
    expect(items.filter((item) => item.Update).map((item) => item.Update?.ExpressionAttributeValues)).toEqual([{ ':off': -42, ':size': 42 }]);
  });
});
