import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import type { ApiEvent } from '../lib/caller.js';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Faults AWS can throw at a request, injected with aws-sdk-client-mock into the real route handlers: each is
 * reported with a clear status and message, never swallowed, and leaves no half-written change behind.
 */
vi.stubEnv('TABLE_NAME', 'table');
vi.stubEnv('MAIL_SENDER', 'noreply@mail.example.com');
vi.stubEnv('WEB_URL', 'https://app.example.com/');
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
const dynamo = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESClient);
const { handler: createTask } = await import('./tasks/create.js');
const { handler: sendInvitation } = await import('./invitations/send.js');
const { keys } = await import('../data/keys.js');
const { membershipItem } = await import('../data/membership.js');

afterAll(() => {
  vi.unstubAllEnvs();
  dynamo.restore();
  ses.restore();
});

const context = { awsRequestId: 'request-1', functionName: 'test', getRemainingTimeInMillis: () => 1000 } as Context;
const lambda = { via: 'session', userId: 'user-1', email: 'ada@example.com', emailVerified: 'true', expiresAt: '2000000000' };

function event(rawPath: string, pathParameters: Record<string, string>, body: unknown): ApiEvent {
  return {
    rawPath,
    headers: {},
    body: JSON.stringify(body),
    isBase64Encoded: false,
    pathParameters,
    requestContext: { authorizer: { lambda } },
  } as unknown as ApiEvent;
}

const throttled = () => new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput', $metadata: {} });
const owner = membershipItem({ workspaceId: 'w1', userId: 'user-1', role: 'owner', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z', noticeSeen: true });
const workspace = { ...keys.workspace('w1'), entity: 'Workspace', id: 'w1', name: 'Acme', slug: 'acme', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'user-1' };

/** The table as these requests see it: the caller owns workspace w1, and nothing else is stored. */
function tableHoldingTheWorkspace() {
  dynamo.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => {
    if (input.Key.SK === keys.membership('w1', 'user-1').SK && input.Key.PK === keys.membership('w1', 'user-1').PK) return { Item: owner };
    if (input.Key.PK === workspace.PK && input.Key.SK === workspace.SK) return { Item: workspace };
    return {};
  });
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
}

/** The roles of the invitations written under this sort key, in order: in a transaction or put back alone. */
function invitationsWritten(sortKey: string): unknown[] {
  const items = [
    ...dynamo.commandCalls(TransactWriteCommand).flatMap((call) => (call.args[0].input.TransactItems ?? []).flatMap((item) => (item.Put ? [item.Put.Item] : []))),
    ...dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item),
  ];
  return items.filter((item) => item?.SK === sortKey).map((item) => item?.role);
}

describe('faults injected into the route handlers', () => {
  beforeEach(() => {
    dynamo.reset();
    ses.reset();
    tableHoldingTheWorkspace();
  });

  it('DynamoDB throttling after the SDK’s retries answers 503 with Retry-After, and the task’s one transaction is all that was tried', async () => {
    dynamo.on(TransactWriteCommand).rejects(throttled());
    const response = await createTask(event('/workspaces/w1/projects/p1/tasks', { workspaceId: 'w1', projectId: 'p1' }, { title: 'Busy' }), context);
    expect(response).toMatchObject({ statusCode: 503, headers: { 'retry-after': '2' } });
    expect(JSON.parse(response.body ?? '{}')).toEqual({ error: 'The service is busy right now; try again in a moment' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('throttling on the read before the write (the column’s positions) answers 503 the same way, with nothing written', async () => {
    dynamo.on(QueryCommand).rejects(throttled());
    const response = await createTask(event('/workspaces/w1/projects/p1/tasks', { workspaceId: 'w1', projectId: 'p1' }, { title: 'Busy' }), context);
    expect(response.statusCode).toBe(503);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('an unexpected AWS error is a plain 500, its details kept out of the answer', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('socket hang up at 10.0.0.12'));
    const response = await createTask(event('/workspaces/w1/projects/p1/tasks', { workspaceId: 'w1', projectId: 'p1' }, { title: 'Lost' }), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('10.0.0.12');
  });

  it('SES refusing an invitation mail answers 502 and takes the stored invitation back', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified'), { name: 'MessageRejected' }));
    const body = { email: 'new@example.com', role: 'member' };
    const response = await sendInvitation(event('/workspaces/w1/invitations', { workspaceId: 'w1' }, body), context);
    expect(response.statusCode).toBe(502);
    expect(JSON.parse(response.body ?? '{}')).toEqual({ error: 'The invitation e-mail could not be sent, so no invitation was saved; try again in a moment' });
    const invitationKey = keys.invitation('w1', 'new@example.com');
    expect(invitationsWritten(invitationKey.SK)).toEqual(['member']);
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([invitationKey]);
  });

  it('SES refusing the mail of a repeated invitation puts the earlier invitation back instead of deleting it', async () => {
    const earlier = { ...keys.invitation('w1', 'new@example.com'), entity: 'Invitation', workspaceId: 'w1', email: 'new@example.com', role: 'admin', invitedBy: 'user-1', createdAt: '2026-01-02T00:00:00.000Z' };
    dynamo.on(GetCommand, { Key: keys.invitation('w1', 'new@example.com') }).resolves({ Item: earlier });
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Daily message quota exceeded'), { name: 'Throttling' }));
    const response = await sendInvitation(event('/workspaces/w1/invitations', { workspaceId: 'w1' }, { email: 'new@example.com', role: 'member' }), context);
    expect(response.statusCode).toBe(502);
    // Stored with the sender's role checked, then the earlier one put back as it was.
    expect(invitationsWritten(earlier.SK)).toEqual(['member', 'admin']);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });
});
