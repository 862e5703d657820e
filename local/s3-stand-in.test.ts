import { describe, expect, it } from 'vitest';
import { policyViolation } from './s3-stand-in.js';

/** The POST policy rules the S3 stand-in holds an upload to, as S3 does (the presigned POST of functions/lib/file-store.ts). */
const policy = (conditions: unknown[], expiration = new Date(Date.now() + 60_000).toISOString()) =>
  ({ expiration, conditions }) as Parameters<typeof policyViolation>[0];
const pinned = policy([
  { bucket: 'files' },
  { key: 'workspaces/w/tasks/t/a' },
  ['content-length-range', 5, 5],
  ['eq', '$Content-Type', 'text/plain'],
  { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
]);
const form = (fields: Record<string, string> = {}) =>
  new Map(Object.entries({ key: 'workspaces/w/tasks/t/a', 'Content-Type': 'text/plain', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', policy: 'p', 'X-Amz-Signature': 's', ...fields }));

describe('the S3 stand-in’s POST policy check', () => {
  it('accepts the form the policy was signed for', () => {
    expect(policyViolation(pinned, form(), 'files', 5)).toBeUndefined();
  });

  it.each([
    ['another key', form({ key: 'workspaces/w/tasks/t/b' }), 'files', 5, 403, 'Policy Condition failed'],
    ['another bucket', form(), 'other', 5, 403, 'Policy Condition failed'],
    ['another content type', form({ 'Content-Type': 'text/html' }), 'files', 5, 403, 'Policy Condition failed'],
    ['a field the policy does not name', form({ acl: 'public-read' }), 'files', 5, 403, 'Extra input fields: acl'],
    ['a larger file', form(), 'files', 6, 400, 'exceeds the maximum'],
    ['a smaller file', form(), 'files', 4, 400, 'smaller than the minimum'],
  ] as const)('refuses %s', (_what, fields, bucket, size, status, message) => {
    const violation = policyViolation(pinned, fields, bucket, size);
    expect(violation?.status).toBe(status);
    expect(violation?.message).toContain(message);
  });

  it('refuses a policy past its expiration, and honours starts-with', () => {
    expect(policyViolation(policy([], new Date(Date.now() - 1).toISOString()), new Map(), 'files', 1)?.message).toContain('Policy expired');
    const prefixed = policy([['starts-with', '$key', 'workspaces/'], { bucket: 'files' }]);
    expect(policyViolation(prefixed, new Map([['key', 'workspaces/x']]), 'files', 1)).toBeUndefined();
    expect(policyViolation(prefixed, new Map([['key', 'elsewhere/x']]), 'files', 1)?.status).toBe(403);
  });
});
