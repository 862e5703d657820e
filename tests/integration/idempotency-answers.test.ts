import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { useTestTable } from './member-fixtures.js';

/**
 * An Idempotency-Key request whose answer is too large to keep in one DynamoDB item (a weekly plan of a
 * large workspace), straight against the test stack's table: it is done once, and a repeat is told so.
 */
useTestTable();

const event = (key: string) => ({ rawPath: '/workspaces/w/weekly-plan', body: '{}', headers: { 'idempotency-key': key } }) as unknown as APIGatewayProxyEventV2;

describe('an idempotent request with a very large answer', () => {
  it('does the work once, answers it, and tells a repeat it was done instead of failing or redoing it', async () => {
    const { onceForKey } = await import('../../functions/lib/idempotency.js');
    // More than a DynamoDB item can hold.
    const size = 420 * 1024;
    const [userId, key] = [randomUUID(), randomUUID()];
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { plan: 'x'.repeat(size) };
    };
    expect((await onceForKey(event(key), userId, 'GenerateWeeklyPlan', work)).plan).toHaveLength(size);
    await expect(onceForKey(event(key), userId, 'GenerateWeeklyPlan', work)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('already done') });
    expect(runs).toBe(1);

    // A small answer is replayed as before.
    const small = randomUUID();
    expect(await onceForKey(event(small), userId, 'GenerateWeeklyPlan', async () => ({ ok: true }))).toEqual({ ok: true });
    expect(await onceForKey(event(small), userId, 'GenerateWeeklyPlan', async () => ({ ok: false }))).toEqual({ ok: true });
  });
});
