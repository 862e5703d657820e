import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { repoRoot } from './settings.js';

/** A Lambda handler as the local gateways call it: any event in, any result out. */
export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<LambdaHandler>>();

/** Imports `<module>.ts` once and returns its `handler`, as the Lambda runtime would. */
export function loadHandler(modulePath: string): Promise<LambdaHandler> {
  let handler = loaded.get(modulePath);
  if (!handler) {
    handler = import(path.join(repoRoot, `${modulePath}.ts`)).then((module: { handler?: unknown }) => {
      if (typeof module.handler !== 'function') throw new Error(`${modulePath} exports no handler`);
      return module.handler as LambdaHandler;
    });
    loaded.set(modulePath, handler);
  }
  return handler;
}

/** The context object Lambda passes: enough for Powertools and middy (request id, names, time left). */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * The invocation the current code runs in (every function shares this process locally), so a bench can
 * tell the stream fan-out's DynamoDB requests from a route's, and one invocation's from the next.
 */
export const runningInvocation = new AsyncLocalStorage<Context>();

/** A worker runs as long as its `timeoutSeconds` (the import worker's time left decides when it starts itself again). */
export async function invoke(target: { name: string; handler: string; timeoutSeconds?: number }, event: unknown): Promise<unknown> {
  const handler = await loadHandler(target.handler);
  const context = lambdaContext(target.name, target.timeoutSeconds === undefined ? undefined : target.timeoutSeconds * 1000);
  return runningInvocation.run(context, () => handler(event, context));
}
