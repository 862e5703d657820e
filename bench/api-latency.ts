/**
 * API latency and DynamoDB requests per call on the local stack.
 *
 *   npx tsx bench/api-latency.ts [requests=400] [concurrency=8] [workspaces=25]
 *
 * Starts the back end on its own ports and data folder, signs a user up, gives them `workspaces`
 * workspaces, then times GET /workspaces and POST /workspaces. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';

const [requests = 400, concurrency = 8, workspaceCount = 25] = process.argv.slice(2).map(Number);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timeCalls(label: string, call: () => Promise<number>): Promise<void> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const begin = performance.now();
        const status = await call();
        if (status >= 400) throw new Error(`${label} answered ${status}`);
        durations.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${percentile(durations, 50).toFixed(1)} ms  p99 ${percentile(durations, 99).toFixed(1)} ms  ` +
      `${(durations.length / seconds).toFixed(0)} req/s  (${durations.length} requests, concurrency ${concurrency})`,
  );
}

runBench(20000, async (config) => {
  const user = await signUpAndSignIn(config);
  for (let index = 0; index < workspaceCount; index += 1) {
    await callApi(config, 'POST', '/workspaces', { token: user.idToken, body: { name: `Workspace ${index}` } });
  }

  // Count DynamoDB requests made by the in-process handlers for one listing, once the stream fan-out of
  // the set-up writes has settled (it shares the process and the client).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const { documentClient } = await import('../functions/data/client.js');
  let dynamoRequests = 0;
  documentClient.middlewareStack.add((next) => async (args) => {
    dynamoRequests += 1;
    return next(args);
  });
  await callApi(config, 'GET', '/workspaces', { token: user.idToken });
  console.log(`DynamoDB requests for GET /workspaces with ${workspaceCount} workspaces: ${dynamoRequests}`);

  await timeCalls('GET /workspaces', async () => (await callApi(config, 'GET', '/workspaces', { token: user.idToken })).status);
  await timeCalls('POST /workspaces', async () =>
    (await callApi(config, 'POST', '/workspaces', { token: user.idToken, body: { name: 'Bench' } })).status,
  );
});
