import { createHmac } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listWebhookDeliveriesResponse,
  listWebhooksResponse,
  MAX_WEBHOOKS_PER_WORKSPACE,
  TEST_EVENT_TURNED_OFF,
  testWebhookResponse,
  TOO_MANY_WEBHOOKS,
  webhookResponse,
  type WebhookView,
} from '../../shared/schemas/webhook.js';
import { callApi } from './helpers.js';
import { config, createTeam, mailsTo, newAccount, tableClient, testTable, useTestTable, type Team } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';
import { handleSqsCall, LocalQueue } from '../../local/webhook-queue.js';

/** What the test's receiver was sent. */
interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on this machine: records each request and answers with `status` (200 unless set). */
function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; answer: { status: number } }> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer.status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://localhost:${(server.address() as AddressInfo).port}`, received, answer })),
  );
}

/**
 * The webhook queue for functions run in this process: the local stack's SQS stand-in (local/webhook-queue.ts)
 * behind a server of the test's own, which the real SQS client is pointed at.
 */
async function startLocalSqs(): Promise<{ queue: LocalQueue; stop: () => Promise<void> }> {
  const queue = new LocalQueue({ visibilityTimeoutSeconds: 60 });
  const queues = new Map<string, LocalQueue>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handleSqsCall(queues, String(request.headers['x-amz-target']), JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  queues.set(`${endpoint}/webhook-deliveries`, queue);
  useTestTable();
  Object.assign(process.env, { WEBHOOKS_ALLOW_LOCAL_HTTP: 'true', AWS_ENDPOINT_URL_SQS: endpoint, WEBHOOK_QUEUE_URL: `${endpoint}/webhook-deliveries` });
  return { queue, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The Standard Webhooks check, written out here apart from the server's code. */
function verifySignature(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64');
  return String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhooks', () => {
  let team: Team;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const base = () => `/workspaces/${team.workspaceId}/webhooks`;
  const asOwner = (method: string, path: string, body?: unknown) => callApi(config, method, path, { token: team.owner.idToken, body });

  async function createWebhook(events: string[], path: string): Promise<WebhookView> {
    const response = await asOwner('POST', base(), { url: `${receiver.url}${path}`, events, description: 'Test receiver' });
    expect(response.status).toBe(201);
    return webhookResponse.parse(response.body).webhook;
  }

  const deliveriesOf = async (webhookId: string) =>
    listWebhookDeliveriesResponse.parse((await asOwner('GET', `${base()}/${webhookId}/deliveries`)).body).deliveries;

  /** The endpoint's log once it holds `count` attempts (each is written just after its request is answered). */
  async function loggedDeliveries(webhookId: string, count: number) {
    for (let tries = 0; ; tries += 1) {
      const logged = await deliveriesOf(webhookId);
      if (logged.length >= count || tries >= 50) return logged;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    [team, receiver] = await Promise.all([createTeam(), startReceiver()]);
  });
  afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

  it('sends a task created in the workspace to the endpoint that wants it, signed with its secret', async () => {
    const webhook = await createWebhook(['task.created'], '/created');
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(Buffer.from(webhook.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    const api = projectApi(config, team.owner);
    const project = await api.createProject(team.workspaceId, { name: 'Hooked' });
    const task = await api.createTask(team.workspaceId, project.id, { title: 'Ship the hook' });

    const request = await eventually(() => receiver.received.find((entry) => entry.path === '/created'));
    expect(verifySignature(webhook.secret, request)).toBe(true);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toMatchObject({ type: 'task.created', data: { workspaceId: team.workspaceId, id: task.id, title: 'Ship the hook' } });
    // The project's creation is no event this endpoint asked for; a wrong secret does not verify.
    expect(receiver.received.filter((entry) => entry.path === '/created')).toHaveLength(1);
    expect(verifySignature(`whsec_${Buffer.alloc(24).toString('base64')}`, request)).toBe(false);
    const [delivery] = await loggedDeliveries(webhook.id, 1);
    expect(delivery).toMatchObject({ type: 'task.created', status: 'succeeded', responseStatus: 200, attempt: 1, messageId: request.headers['webhook-id'] });
  });

  it('retries a failing receiver with backoff and logs each attempt', async () => {
    receiver.answer.status = 500;
    const webhook = await createWebhook(['project.created'], '/failing');
    await projectApi(config, team.owner).createProject(team.workspaceId, { name: 'Retried' });
    const first = await eventually(() => receiver.received.find((entry) => entry.path === '/failing'));
    const logged = await loggedDeliveries(webhook.id, 1);
    expect(logged[0]).toMatchObject({ status: 'retrying', responseStatus: 500, attempt: 1 });
    const delay = Date.parse(logged[0]?.nextAttemptAt ?? '') - Date.parse(logged[0]?.at ?? '');
    expect(delay).toBe(60_000);

    // The queue makes the message visible again a minute on; its second receive, handed to the sender here
    // at once: the receiver answers now.
    receiver.answer.status = 204;
    useTestTable();
    process.env.WEBHOOKS_ALLOW_LOCAL_HTTP = 'true';
    const { sendQueuedDelivery } = await import('../../functions/webhooks/sender.js');
    const queued = { workspaceId: team.workspaceId, webhookId: webhook.id, messageId: String(first.headers['webhook-id']), type: 'project.created', body: first.body, firstAttemptAt: logged[0]?.at ?? '' };
    const record = { messageId: 'm-1', receiptHandle: 'r-1', body: JSON.stringify(queued), attributes: { ApproximateReceiveCount: '2' } } as unknown as SQSRecord;
    expect(await sendQueuedDelivery(record)).toBe('done');
    const attempts = receiver.received.filter((entry) => entry.path === '/failing');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verifySignature(webhook.secret, attempts[1] as Received)).toBe(true);
    const [latest, earlier] = await deliveriesOf(webhook.id);
    expect(latest).toMatchObject({ status: 'succeeded', responseStatus: 204, attempt: 2 });
    expect(earlier).toMatchObject({ status: 'retrying', attempt: 1 });
    // An endpoint turned off meanwhile is sent nothing.
    expect((await asOwner('PATCH', `${base()}/${webhook.id}`, { enabled: false })).status).toBe(200);
    expect(await sendQueuedDelivery({ ...record, attributes: { ...record.attributes, ApproximateReceiveCount: '3' } })).toBe('done');
    expect(receiver.received.filter((entry) => entry.path === '/failing')).toHaveLength(2);
  });

  it('gives up a delivery whose attempts are spent: logged failed for the endpoint, acknowledged, kept from the dead-letter queue', async () => {
    const webhook = await createWebhook(['project.created'], '/given-up');
    receiver.answer.status = 503;
    try {
      useTestTable();
      process.env.WEBHOOKS_ALLOW_LOCAL_HTTP = 'true';
      const { sendQueuedDelivery } = await import('../../functions/webhooks/sender.js');
      const firstAttemptAt = new Date(Date.now() - 21 * 3600_000).toISOString();
      const queued = { workspaceId: team.workspaceId, webhookId: webhook.id, messageId: 'msg_given_up', type: 'project.created', body: '{}', firstAttemptAt };
      // The seventh receive is the last attempt (no dead-letter queue URL is even configured here).
      const record = { messageId: 'm-given-up', receiptHandle: 'r-given-up', body: JSON.stringify(queued), attributes: { ApproximateReceiveCount: '7' } } as unknown as SQSRecord;
      expect(await sendQueuedDelivery(record)).toBe('done');
    } finally {
      receiver.answer.status = 200;
    }
    expect(receiver.received.filter((entry) => entry.path === '/given-up')).toHaveLength(1);
    const [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({ messageId: 'msg_given_up', status: 'failed', attempt: 7, responseStatus: 503, nextAttemptAt: null });
  });

  it('turns off an endpoint failing for 3 days and mails the owner and admins, naming it, with a link to Workspace Settings', async () => {
    const own = await createTeam();
    const created = await callApi(config, 'POST', `/workspaces/${own.workspaceId}/webhooks`, { token: own.owner.idToken, body: { url: `${receiver.url}/failing-for-days`, events: ['project.created'] } });
    const webhook = webhookResponse.parse(created.body).webhook;
    const failingSince = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString();
    await tableClient.send(
      new UpdateCommand({
        TableName: testTable.tableName,
        Key: { PK: `WS#${own.workspaceId}`, SK: `WEBHOOK#${webhook.id}` },
        UpdateExpression: 'SET failingSince = :since',
        ExpressionAttributeValues: { ':since': failingSince },
      }),
    );
    receiver.answer.status = 503;
    try {
      await projectApi(config, own.owner).createProject(own.workspaceId, { name: 'One failure too many' });
      const turnedOffMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === 'A webhook of your workspace was turned off on TaskFlow');
      const [mail] = await eventually(async () => {
        const mails = await turnedOffMails(own.owner.email);
        return mails.length > 0 ? mails : undefined;
      });
      expect(mail?.subject).toBe('A webhook of your workspace was turned off on TaskFlow');
      expect(mail?.text).toContain(`The webhook to ${receiver.url}/failing-for-days in the workspace`);
      expect(mail?.text).toContain(`has failed since ${failingSince} (3 days)`);
      expect(mail?.text).toMatch(/Open Workspace Settings: http:\/\/localhost:\d+\/workspaces\/settings/);
      expect(await turnedOffMails(own.admin.email)).toHaveLength(1);
      expect(await turnedOffMails(own.member.email)).toHaveLength(0);
      expect(await turnedOffMails(own.owner.email)).toHaveLength(1);
      const listed = listWebhooksResponse.parse((await callApi(config, 'GET', `/workspaces/${own.workspaceId}/webhooks`, { token: own.owner.idToken })).body).webhooks;
      expect(listed[0]).toMatchObject({ enabled: false, disabledReason: 'Turned off after failing for 3 days' });
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('sends a test event at once and answers how it went; rotating the secret signs with the new one', async () => {
    receiver.answer.status = 200;
    const webhook = await createWebhook(['member.joined'], '/test-event');
    const rotated = webhookResponse.parse((await asOwner('POST', `${base()}/${webhook.id}/rotate-secret`)).body).webhook;
    expect(rotated.secret).not.toBe(webhook.secret);
    const response = await asOwner('POST', `${base()}/${webhook.id}/test`);
    expect(response.status).toBe(200);
    expect(testWebhookResponse.parse(response.body).delivery).toMatchObject({ type: 'webhook.test', status: 'succeeded', responseStatus: 200 });
    const request = receiver.received.find((entry) => entry.path === '/test-event');
    expect(request && verifySignature(rotated.secret, request)).toBe(true);
    expect(request && verifySignature(webhook.secret, request)).toBe(false);

    receiver.answer.status = 410;
    const failed = testWebhookResponse.parse((await asOwner('POST', `${base()}/${webhook.id}/test`)).body).delivery;
    expect(failed).toMatchObject({ status: 'failed', responseStatus: 410, nextAttemptAt: null });
    receiver.answer.status = 200;
  });

  it('sends no test event to a turned-off endpoint: 400 on enabled, nothing sent or logged', async () => {
    const webhook = await createWebhook(['task.created'], '/turned-off');
    expect((await asOwner('PATCH', `${base()}/${webhook.id}`, { enabled: false })).status).toBe(200);
    const refused = await asOwner('POST', `${base()}/${webhook.id}/test`);
    expect(refused).toMatchObject({ status: 400, body: { error: TEST_EVENT_TURNED_OFF, fields: [{ field: 'enabled', message: TEST_EVENT_TURNED_OFF }] } });
    expect(receiver.received.some((entry) => entry.path === '/turned-off')).toBe(false);
    expect(await deliveriesOf(webhook.id)).toEqual([]);
    // Turned on again, it is sent the test event.
    expect((await asOwner('PATCH', `${base()}/${webhook.id}`, { enabled: true })).status).toBe(200);
    expect(testWebhookResponse.parse((await asOwner('POST', `${base()}/${webhook.id}/test`)).body).delivery).toMatchObject({ status: 'succeeded' });
    expect(receiver.received.filter((entry) => entry.path === '/turned-off')).toHaveLength(1);
    expect((await asOwner('DELETE', `${base()}/${webhook.id}`)).status).toBe(204);
  });

  it('sends no events of a workspace being deleted, though its members and endpoints are still being swept', async () => {
    const own = await createTeam();
    const ownBase = `/workspaces/${own.workspaceId}/webhooks`;
    const created = await callApi(config, 'POST', ownBase, { token: own.owner.idToken, body: { url: `${receiver.url}/deleting`, events: ['member.left', 'project.deleted'] } });
    expect(created.status).toBe(201);
    await projectApi(config, own.owner).createProject(own.workspaceId, { name: 'Swept' });
    const leftEvents = () => receiver.received.filter((entry) => entry.path === '/deleting');
    // While the workspace stands, a member removed is a member.left event.
    expect((await callApi(config, 'DELETE', `/workspaces/${own.workspaceId}/members/${own.member.userId}`, { token: own.owner.idToken })).status).toBe(204);
    const left = await eventually(() => leftEvents()[0]);
    expect(JSON.parse(left.body)).toMatchObject({ type: 'member.left', data: { userId: own.member.userId } });

    // Deleting it removes the admin's and the owner's memberships and the project: none of that is sent.
    expect((await callApi(config, 'DELETE', `/workspaces/${own.workspaceId}`, { token: own.owner.idToken })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(leftEvents()).toHaveLength(1);
  });

  it('queues and sends nothing for a workspace whose item is gone while its endpoints are still there (the deletion under way)', async () => {
    const own = await createTeam();
    const created = await callApi(config, 'POST', `/workspaces/${own.workspaceId}/webhooks`, { token: own.owner.idToken, body: { url: `${receiver.url}/mid-deletion`, events: ['member.left'] } });
    expect(created.status).toBe(201);
    const sqs = await startLocalSqs();
    try {
      const { dispatchWebhookEvents } = await import('../../functions/webhooks/dispatcher.js');
      const { webhookMessage } = await import('../../functions/webhooks/delivery.js');
      const memberLeft = (id: string) => {
        const event = { type: 'member.left' as const, workspaceId: own.workspaceId, data: { userId: own.member.userId } };
        return { event, message: webhookMessage(id, event.type, own.workspaceId, event.data, new Date()) };
      };
      await dispatchWebhookEvents([memberLeft('msg_standing')]);
      expect(sqs.queue.bodies().map((body) => JSON.parse(body) as unknown)).toEqual([expect.objectContaining({ webhookId: webhookResponse.parse(created.body).webhook.id, messageId: 'msg_standing' })]);
      // The deletion's first step: the workspace item goes, the rest (endpoints included) after it.
      await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: `WS#${own.workspaceId}`, SK: 'META' } }));
      await dispatchWebhookEvents([memberLeft('msg_deleting')]);
      expect(sqs.queue.bodies()).toHaveLength(1);
      // The delivery queued before is not sent either, though its endpoint is still there.
      const { sendQueuedDelivery } = await import('../../functions/webhooks/sender.js');
      const record = { messageId: 'm-queued', receiptHandle: 'r-queued', body: sqs.queue.bodies()[0], attributes: { ApproximateReceiveCount: '1' } } as unknown as SQSRecord;
      expect(await sendQueuedDelivery(record)).toBe('done');
      expect(receiver.received.some((entry) => entry.path === '/mid-deletion')).toBe(false);
    } finally {
      await sqs.stop();
    }
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://10.0.0.1/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://[fd00:ec2::254]/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    // `vm` resolves to 127.0.0.1 here: refused even on the local stack, which allows only localhost itself.
    ['https://vm/hook', 'URL host resolves to a private, loopback, link-local or metadata address'],
    ['http://example.com/hook', 'URL must start with https://'],
  ])('refuses the URL %s with 400 on url', async (url, reason) => {
    const response = await asOwner('POST', base(), { url, events: ['task.created'] });
    expect(response).toMatchObject({ status: 400, body: { fields: [{ field: 'url', message: reason }] } });
  });

  it('refuses a changed URL that points inside, and keeps the old one', async () => {
    const webhook = await createWebhook(['task.updated'], '/kept');
    const response = await asOwner('PATCH', `${base()}/${webhook.id}`, { url: 'https://10.0.0.1/hook' });
    expect(response).toMatchObject({ status: 400, body: { fields: [{ field: 'url' }] } });
    const listed = listWebhooksResponse.parse((await asOwner('GET', base())).body).webhooks;
    expect(listed.find((entry) => entry.id === webhook.id)?.url).toBe(`${receiver.url}/kept`);
  });

  it('lets admins manage them; members get 403 and outsiders 404 on every route', async () => {
    const asAdmin = await callApi(config, 'POST', base(), { token: team.admin.idToken, body: { url: `${receiver.url}/admin`, events: ['member.left'] } });
    expect(asAdmin.status).toBe(201);
    const webhookId = webhookResponse.parse(asAdmin.body).webhook.id;
    const outsider = await newAccount();
    const calls: [string, string, unknown][] = [
      ['GET', base(), undefined],
      ['POST', base(), { url: `${receiver.url}/x`, events: ['task.created'] }],
      ['PATCH', `${base()}/${webhookId}`, { description: 'Mine' }],
      ['DELETE', `${base()}/${webhookId}`, undefined],
      ['POST', `${base()}/${webhookId}/rotate-secret`, undefined],
      ['POST', `${base()}/${webhookId}/test`, undefined],
      ['GET', `${base()}/${webhookId}/deliveries`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await callApi(config, method, path, { token: team.member.idToken, body })).status, `${method} ${path}`).toBe(403);
      expect((await callApi(config, method, path, { token: outsider.idToken, body })).status, `${method} ${path}`).toBe(404);
    }
    expect(receiver.received.some((entry) => entry.path === '/x')).toBe(false);
    expect((await asOwner('DELETE', `${base()}/${webhookId}`)).status).toBe(204);
    expect((await asOwner('DELETE', `${base()}/${webhookId}`)).status).toBe(404);
    expect((await asOwner('POST', `${base()}/${webhookId}/test`)).status).toBe(404);
  });

  it('updates the events and turns an endpoint off and on; refuses odd bodies with 400 naming the field', async () => {
    const webhook = await createWebhook(['task.created'], '/updated');
    const updated = await asOwner('PATCH', `${base()}/${webhook.id}`, { events: ['task.completed', 'task.deleted'], enabled: false });
    expect(webhookResponse.parse(updated.body).webhook).toMatchObject({ events: ['task.completed', 'task.deleted'], enabled: false });
    const cases: [unknown, string][] = [
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['task.exploded'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: ['task.created', 'task.created'] }, 'events'],
      [{ url: 42, events: ['task.created'] }, 'url'],
      [{ url: `${receiver.url}/x`, events: ['task.created'], description: 'x'.repeat(201) }, 'description'],
      [{ url: `${receiver.url}/x`, events: ['task.created'], description: 'two\nlines' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const response = await asOwner('POST', base(), body);
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { fields: [expect.objectContaining({ field })] } });
    }
    expect((await asOwner('PATCH', `${base()}/${webhook.id}`, {})).status).toBe(400);
  });

  it(`keeps at most ${MAX_WEBHOOKS_PER_WORKSPACE} endpoints per workspace, however many are created at the same moment`, async () => {
    const own = await createTeam();
    const ownBase = `/workspaces/${own.workspaceId}/webhooks`;
    const create = (path: string) => callApi(config, 'POST', ownBase, { token: own.owner.idToken, body: { url: `${receiver.url}${path}`, events: ['task.deleted'] } });
    const answers = await Promise.all(Array.from({ length: MAX_WEBHOOKS_PER_WORKSPACE + 3 }, (_, index) => create(`/fill-${index}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(answer).toMatchObject({ status: 400, body: { fields: [{ field: 'url', message: TOO_MANY_WEBHOOKS }] } });
    const listed = listWebhooksResponse.parse((await callApi(config, 'GET', ownBase, { token: own.owner.idToken })).body).webhooks;
    expect(listed).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE);
    // A deleted endpoint is counted out: there is room for one more, and one only.
    expect((await callApi(config, 'DELETE', `${ownBase}/${listed[0]?.id ?? ''}`, { token: own.owner.idToken })).status).toBe(204);
    expect((await create('/after-delete')).status).toBe(201);
    expect((await create('/one-too-many')).status).toBe(400);
  });

  it('writes no count item for a workspace being deleted, and never counts below zero an endpoint stored before the count', async () => {
    const own = await createTeam();
    const create = async (path: string) => {
      const created = await callApi(config, 'POST', `/workspaces/${own.workspaceId}/webhooks`, { token: own.owner.idToken, body: { url: `${receiver.url}${path}`, events: ['task.deleted'] } });
      expect(created.status).toBe(201);
      return webhookResponse.parse(created.body).webhook.id;
    };
    const [before, during] = [await create('/uncounted'), await create('/orphan')];
    useTestTable();
    const { deleteWebhook } = await import('../../functions/data/webhooks.js');
    const countKey = { PK: `WS#${own.workspaceId}`, SK: 'WEBHOOKCOUNT' };
    const count = async () => (await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: countKey, ConsistentRead: true }))).Item?.count as number | undefined;

    // Before layout 9 nothing was counted: the endpoint is deleted, the count not taken below zero.
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: countKey }));
    expect(await deleteWebhook(own.workspaceId, before)).toBe(true);
    expect(await count()).toBeUndefined();

    // The deletion removes the workspace item first and sweeps the rest after: a delete meanwhile writes no count.
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: `WS#${own.workspaceId}`, SK: 'META' } }));
    expect(await deleteWebhook(own.workspaceId, during)).toBe(false);
    expect(await count()).toBeUndefined();
  });
});
