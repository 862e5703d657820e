import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { requiredEnv } from '../lib/config.js';
import type { ExportJobMessage } from './export-job.js';

/**
 * Starts the export worker asynchronously (a Lambda Event invocation), as the chat worker is started: the
 * route answers at once with the pending job. Locally AWS_ENDPOINT_URL_LAMBDA points the client at the
 * local gateway, which runs the worker in process. Read on first use: only the routes that start exports
 * are given EXPORT_WORKER_FUNCTION.
 */
let lambda: LambdaClient | undefined;

export async function startExportWorker(message: ExportJobMessage): Promise<void> {
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: requiredEnv('EXPORT_WORKER_FUNCTION'), InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(message)) }));
}
