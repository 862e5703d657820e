import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefusableWrite } from './table-operations.js';

process.env.TABLE_NAME = 'table';
const { batchDeleteKeys, conditionFailure, transactWrite, transactWriteOrRefusal, transactWriteOrRefusals } = await import('./table-operations.js');

const dynamo = mockClient(DynamoDBDocumentClient);
const keys = (count: number) => Array.from({ length: count }, (_, index) => ({ PK: 'WS#w', SK: `TASK#${index}` }));
const sentKeys = (call: number) =>
  (dynamo.commandCalls(BatchWriteCommand)[call]?.args[0].input.RequestItems?.table ?? []).map((request) => request.DeleteRequest?.Key?.SK);

describe('batchDeleteKeys', () => {
  afterEach(() => {
    dynamo.reset();
    vi.useRealTimers();
  });

  it('deletes in batches of 25, a few at once, and sends again what DynamoDB left unprocessed', async () => {
    const leftOver = [{ DeleteRequest: { Key: { PK: 'WS#w', SK: 'PROJECT#p#TASK#3' } } }];
    dynamo.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { table: leftOver } }).resolves({});
    await batchDeleteKeys(keys(60));
    const sizes = dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.table?.length);
    // The three groups go out together; the left-over key follows its group's answer.
    expect(sizes.slice(0, 3)).toEqual([25, 25, 10]);
    expect(sizes.slice(3)).toEqual([1]);
    expect(sentKeys(3)).toEqual(['PROJECT#p#TASK#3']);
  });

  it('gives up with an error when items stay unprocessed', async () => {
    vi.useFakeTimers();
    dynamo.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: input.RequestItems }));
    const deletion = expect(batchDeleteKeys(keys(2))).rejects.toThrow('DynamoDB left writes unprocessed');
    await vi.runAllTimersAsync();
    await deletion;
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(6);
  });

  it('sends nothing for no keys', async () => {
    await batchDeleteKeys([]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });
});

describe('conditionFailure', () => {
  const failure = (item?: Record<string, never>) =>
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, ...(item ? { Item: item } : {}) });

  it('tells an item that exists from one that does not, and ignores other errors', () => {
    expect(conditionFailure(failure({}))).toBe('exists');
    expect(conditionFailure(failure())).toBe('missing');
    expect(conditionFailure(new Error('network'))).toBeUndefined();
  });
});

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('transactWrite', () => {
  afterEach(() => dynamo.reset());

  it('sends a transaction again when it only lost a race with another one', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    await transactWrite([]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('does not repeat a transaction whose condition failed', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    await expect(transactWrite([])).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('gives up after a bounded number of lost races', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transactWrite([])).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(dynamo.commandCalls(TransactWriteCommand).length).toBe(8);
  }, 20_000);
});

describe('transactWriteOrRefusal', () => {
  afterEach(() => dynamo.reset());

  const check = (SK: string) => ({ ConditionCheck: { TableName: 'table', Key: { PK: 'WS#w', SK }, ConditionExpression: 'attribute_exists(PK)' } });
  const refusedWith = (...reasons: { Code: string; Item?: Record<string, never> }[]) =>
    new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });

  it('answers nothing when written, else what the first refused item means, read from how its condition failed', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await transactWriteOrRefusal([{ write: check('A'), refused: 'gone' }])).toBeUndefined();
    dynamo.on(TransactWriteCommand).rejects(refusedWith({ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: {} }, { Code: 'ConditionalCheckFailed' }));
    const items = [
      { write: check('A'), refused: 'first' },
      { write: check('B'), refused: (failure: 'missing' | 'exists') => (failure === 'exists' ? 'changed' : 'vanished') },
      { write: check('C'), refused: 'third' },
    ];
    expect(await transactWriteOrRefusal(items)).toBe('changed');
  });

  it('throws the refusal of an item that names no meaning, and any other error', async () => {
    dynamo.on(TransactWriteCommand).rejects(refusedWith({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }));
    await expect(transactWriteOrRefusal([{ write: check('A') }, { write: check('B'), refused: 'gone' }])).rejects.toBeInstanceOf(TransactionCanceledException);
    dynamo.on(TransactWriteCommand).rejects(new Error('network'));
    await expect(transactWriteOrRefusal([{ write: check('A'), refused: 'gone' }])).rejects.toThrow('network');
  });

  it('answers what every refused item means, in order, for a caller that sends the rest again', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await transactWriteOrRefusals([{ write: check('A'), refused: { group: 'g1' } }])).toEqual([]);
    dynamo.on(TransactWriteCommand).rejects(refusedWith({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: {} }));
    const items: RefusableWrite<{ group: string } | { project: string }>[] = [
      { write: check('A'), refused: { group: 'g1' } },
      { write: check('B'), refused: { group: 'g2' } },
      { write: check('C'), refused: (failure: 'missing' | 'exists') => ({ project: failure }) },
    ];
    expect(await transactWriteOrRefusals(items)).toEqual([{ group: 'g1' }, { project: 'exists' }]);
    // One refused item without a meaning is not read: the whole refusal is thrown.
    await expect(transactWriteOrRefusals([{ write: check('A'), refused: { group: 'g1' } }, { write: check('B') }, { write: check('C') }])).rejects.toBeInstanceOf(TransactionCanceledException);
  });
});
