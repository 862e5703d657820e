/**
 * Load on the main read and write routes, next to the bare DynamoDB Local request each one wraps.
 *
 *   npx tsx bench/load.ts [seconds=5]   (ports from BENCH_PORT_BASE, default 20060)
 *
 * autocannon drives each route through the local HTTP gateway (token check, validation, handler, DynamoDB
 * Local) at 1, 10 and 50 connections, then sends DynamoDB Local the request the handler's main read or write
 * makes, at the same concurrency. Prints p50/p99 and the ratios the issue sets goals for (route p50 ≤ 1.3×
 * bare; p99 at 50 ≤ 2× its p50). Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { projectItemPrefixes, projectPartition, workspacePartition, workspaceSortKeyPrefixes } from '../functions/data/keys.js';
import { projectApi } from '../tests/integration/project-fixtures.js';
import { signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';

const [seconds = 5] = process.argv.slice(2).map(Number);
const CONNECTIONS = [1, 10, 50] as const;
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20060);

interface Target {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
}

interface Figures {
  readonly p50: number;
  readonly p99: number;
  readonly rps: number;
  readonly errors: number;
}

async function measure(target: Target, connections: number): Promise<Figures> {
  const result = await autocannon({ ...target, connections, duration: seconds, pipelining: 1 });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
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

  const pairs: { name: string; route: Target; bare: Target }[] = [
    {
      name: "GET a project's items (50 tasks)",
      route: { url: `${base}/projects/${project.id}/items`, method: 'GET', headers: auth },
      bare: dynamoTarget(endpoint, 'Query', {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: projectPartition(workspaceId, project.id) } },
      }),
    },
    {
      name: 'GET the project list',
      route: { url: `${base}/projects`, method: 'GET', headers: auth },
      bare: dynamoTarget(endpoint, 'Query', {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': { S: workspacePartition(workspaceId) }, ':prefix': { S: workspaceSortKeyPrefixes.project } },
      }),
    },
    {
      name: 'POST a task',
      route: { url: `${base}/projects/${project.id}/tasks`, method: 'POST', headers: auth, body: JSON.stringify({ title: 'Load', position: 1 }) },
      bare: dynamoTarget(endpoint, 'PutItem', {
        TableName: tableName,
        Item: { PK: { S: projectPartition(workspaceId, project.id) }, SK: { S: `${projectItemPrefixes.task}${randomUUID()}` }, title: { S: 'Load' } },
      }),
    },
  ];

  console.log(`${seconds} s per run; latency in ms\n`);
  console.log('| Route | Connections | Route p50 / p99 | Bare DynamoDB p50 / p99 | p50 ratio | Route req/s | Errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { name, route, bare } of pairs) {
    let atFifty: Figures | undefined;
    for (const connections of CONNECTIONS) {
      const routeFigures = await measure(route, connections);
      const bareFigures = await measure(bare, connections);
      if (connections === 50) atFifty = routeFigures;
      console.log(
        `| ${name} | ${connections} | ${routeFigures.p50} / ${routeFigures.p99} | ${bareFigures.p50} / ${bareFigures.p99} | ` +
          `${(routeFigures.p50 / Math.max(bareFigures.p50, 1)).toFixed(2)}× | ${routeFigures.rps.toFixed(0)} | ${routeFigures.errors + bareFigures.errors} |`,
      );
    }
    if (atFifty) console.log(`| ${name}: p99 / p50 at 50 connections | | ${(atFifty.p99 / Math.max(atFifty.p50, 1)).toFixed(2)}× | | | | |`);
  }
});
