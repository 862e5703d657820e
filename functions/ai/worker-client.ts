import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { requiredEnv } from '../lib/config.js';
import type { ChatJob } from './chat-job.js';

/**
 * Hands a reply to the chat worker, asynchronously: the WebSocket route answers at once and the worker
 * streams for as long as the reply takes (an integration's 29 s limit does not apply to it). Locally
 * AWS_ENDPOINT_URL_LAMBDA points the unchanged client at the local gateway, which runs the worker in process.
 */
const lambda = new LambdaClient({});
const workerFunction = requiredEnv('CHAT_WORKER_FUNCTION');

export async function startChatWorker(job: ChatJob): Promise<void> {
  await lambda.send(new InvokeCommand({ FunctionName: workerFunction, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(job)) }));
}
