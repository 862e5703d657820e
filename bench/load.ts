/**
 * Load on the main read and write routes, next to the bare DynamoDB Local request each one wraps.
 *
 *   npx tsx bench/load.ts [seconds=5]   (ports from BENCH_PORT_BASE, default 20060)
 *
 * autocannon drives each route through the local HTTP gateway (token check, validation, handler, DynamoDB
 * Local) at 1, 10 and 50 connections, then sends DynamoDB Local the request the handler's main read or write
 * makes, at the same concurrency (for a create, its very transaction, captured from the SDK). Between the two, the route's domain function is called in this process
 * (its DynamoDB calls through the SDK, with parsing, but no HTTP in front), which shows where the gap is.
 * Prints p50/p99 and the ratios the issue sets goals for (route p50 ≤ 1.3× bare; p99 at 50 ≤ 2× its p50).
 * Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { parse } from 'zod/mini';
import { projectPartition, workspacePartition, workspaceSortKeyPrefixes } from '../functions/data/keys.js';
import { projectApi } from '../tests/integration/project-fixtures.js';
import { signUpAndSignIn } from '../tests/integration/helpers.js';
import { tasksRoutes } from '../shared/routes/tasks.js';
import { runBench } from './bench-stack.js';

const [seconds = 5] = process.argv.slice(2).map(Number);
const CONNECTIONS = [1, 10, 50] as const;
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20060);

interface Target {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** A fresh body per request (a create's new id); autocannon then runs in this thread. */
  readonly freshBody?: () => string;
}

interface Figures {
  readonly p50: number;
  readonly p99: number;
  /**
   * connections / throughput (Little's law), with decimals: autocannon records whole milliseconds, so its
   * percentiles and mean cannot tell a 0.3 ms call from a 0.9 ms one.
   */
  readonly mean: number;
  readonly rps: number;
  readonly errors: number;
}

/** `calls` at `connections` at once for the run's duration, timed one by one (sub-millisecond). */
async function measureInProcess(call: () => Promise<unknown>, connections: number): Promise<Figures> {
  const durations: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await call();
      durations.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  durations.sort((a, b) => a - b);
  const at = (fraction: number) => Number((durations[Math.min(durations.length - 1, Math.floor(durations.length * fraction))] ?? 0).toFixed(2));
  return { p50: at(0.5), p99: at(0.99), mean: (connections * 1000) / (durations.length / seconds), rps: durations.length / seconds, errors: 0 };
}

async function measure({ freshBody, ...target }: Target, connections: number): Promise<Figures> {
  const result = await autocannon({
    ...target,
    connections,
    duration: seconds,
    pipelining: 1,
    // In a worker thread: the stack under test runs in this process, and the load must not share its event
    // loop. A per-request body needs a function, which a worker cannot take, so those run here.
    ...(freshBody ? { requests: [{ setupRequest: (request: object) => ({ ...request, body: freshBody() }) }] } : { workers: 1 }),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: (connections * 1000) / result.requests.average,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

const TASK_ID_SLOT = '{{task id}}';
const REQUEST_TOKEN_SLOT = '{{request token}}';

/**
 * The TransactWriteItems request a task create sends DynamoDB (membership check, the project's counters, the
 * task), as the SDK serialized it, with slots to fill per request: the new task's id, and the idempotency
 * token the SDK adds (DynamoDB refuses one token reused with other content).
 */
async function transactionOf(create: () => Promise<{ id: string }>): Promise<string> {
  const { documentClient } = await import('../functions/data/client.js');
  let sent: string | undefined;
  documentClient.middlewareStack.add(
    (next) => async (args) => {
      const body: unknown = (args.request as { body?: unknown }).body;
      const text = body instanceof Uint8Array ? new TextDecoder().decode(body) : body;
      if (typeof text === 'string' && text.includes('TransactItems')) sent = text;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'benchTransactionCapture' },
  );
  const task = await create();
  documentClient.middlewareStack.remove('benchTransactionCapture');
  if (!sent) throw new Error('The create sent no transaction');
  return JSON.stringify({ ...(JSON.parse(sent) as object), ClientRequestToken: REQUEST_TOKEN_SLOT }).replaceAll(task.id, TASK_ID_SLOT);
}

/** The user id (`sub`) in a Cognito ID token's payload. */
function subjectOf(idToken: string): string {
  const payload: unknown = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (typeof payload !== 'object' || payload === null || !('sub' in payload) || typeof payload.sub !== 'string') throw new Error('The ID token has no sub');
  return payload.sub;
}

function describe(figures: Figures): string {
  return `${figures.p50} / ${figures.p99} (${figures.mean.toFixed(2)})`;
}

/** A DynamoDB Local call as the SDK sends it (DynamoDB Local does not check the signature, only its shape). */
function dynamoTarget(endpoint: string, operation: string, input: object): Target {
  return {
    url: endpoint,
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify(input),
  };
}

runBench(portBase, async (config) => {
  const endpoint = `http://127.0.0.1:${portBase}`;
  const tableName = 'taskflow-bench';
  const user = await signUpAndSignIn(config);
  const api = projectApi(config, user);
  const workspaceId = await api.createWorkspace('Load');
  const project = await api.createProject(workspaceId, { name: 'Under load' });
  for (let index = 0; index < 50; index += 1) await api.createTask(workspaceId, project.id, { title: `Task ${index}` });
  const auth = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  const base = `${config.apiUrl}/workspaces/${workspaceId}`;

  // Imported once the stack has set the functions' environment (table name, endpoints).
  const { listProjectItemsFor, listProjectsFor } = await import('../functions/domain/projects.js');
  const { createTaskFor } = await import('../functions/domain/tasks.js');
  const caller = { userId: subjectOf(user.idToken), email: user.email };
  const createBody = { title: 'Load', position: 1 };
  const createInput = parse(tasksRoutes.CreateTask.body, createBody); // with the defaults the handler gets
  const createTransaction = await transactionOf(() => createTaskFor(caller, workspaceId, project.id, createInput));

  const pairs: { name: string; route: Target; domain: () => Promise<unknown>; bare: Target }[] = [
    {
      name: "GET a project's items (50 tasks)",
      route: { url: `${base}/projects/${project.id}/items`, method: 'GET', headers: auth },
      domain: () => listProjectItemsFor(caller, workspaceId, project.id),
      bare: dynamoTarget(endpoint, 'Query', {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: projectPartition(workspaceId, project.id) } },
      }),
    },
    {
      name: 'GET the project list',
      route: { url: `${base}/projects`, method: 'GET', headers: auth },
      domain: () => listProjectsFor(caller, workspaceId),
      bare: dynamoTarget(endpoint, 'Query', {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': { S: workspacePartition(workspaceId) }, ':prefix': { S: workspaceSortKeyPrefixes.project } },
      }),
    },
    {
      name: 'POST a task',
      route: { url: `${base}/projects/${project.id}/tasks`, method: 'POST', headers: auth, body: JSON.stringify(createBody) },
      domain: () => createTaskFor(caller, workspaceId, project.id, createInput),
      bare: {
        ...dynamoTarget(endpoint, 'TransactWriteItems', {}),
        freshBody: () => createTransaction.replaceAll(TASK_ID_SLOT, randomUUID()).replace(REQUEST_TOKEN_SLOT, randomUUID()),
      },
    },
  ];

  console.log(`${seconds} s per run; latency in ms\n`);
  console.log(
    '| Route | Connections | Route p50 / p99 (mean) | Domain call in process p50 / p99 (mean) | Bare DynamoDB p50 / p99 (mean) | p50 ratio | mean ratio | Route req/s | Errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { name, route, domain, bare } of pairs) {
    let atFifty: Figures | undefined;
    for (const connections of CONNECTIONS) {
      const routeFigures = await measure(route, connections);
      const domainFigures = await measureInProcess(domain, connections);
      const bareFigures = await measure(bare, connections);
      if (connections === 50) atFifty = routeFigures;
      console.log(
        `| ${name} | ${connections} | ${describe(routeFigures)} | ${describe(domainFigures)} | ${describe(bareFigures)} | ` +
          `${(routeFigures.p50 / Math.max(bareFigures.p50, 1)).toFixed(2)}× | ${(routeFigures.mean / bareFigures.mean).toFixed(2)}× | ` +
          `${routeFigures.rps.toFixed(0)} | ${routeFigures.errors + bareFigures.errors} |`,
      );
    }
    if (atFifty) console.log(`| ${name}: p99 / p50 at 50 connections | | ${(atFifty.p99 / Math.max(atFifty.p50, 1)).toFixed(2)}× | | | | | | |`);
  }
}, { checkContracts: false });
