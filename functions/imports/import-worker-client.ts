import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { requiredEnv } from '../lib/config.js';
import type { ImportJobMessage } from './import-job.js';

/**
 * Starts the import worker asynchronously (a Lambda Event invocation), as the export worker is started.
 * The routes name it by IMPORT_WORKER_FUNCTION; the worker starting itself again passes its own name (its
 * context's), so it needs no variable naming itself. Locally AWS_ENDPOINT_URL_LAMBDA points the client at
 * the local gateway, which runs the worker in process.
 */
let lambda: LambdaClient | undefined;

export async function startImportWorker(message: ImportJobMessage, functionName = requiredEnv('IMPORT_WORKER_FUNCTION')): Promise<void> {
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(message)) }));
}
