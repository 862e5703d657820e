import type { DataAccess } from './contract.js';

/**
 * Workers: part of the route table (shared/routes.ts). Functions that other functions start asynchronously
 * (a Lambda Event invocation) for work longer than a route may take: the chat worker streams an assistant
 * reply for up to `timeoutSeconds`, and starts within `maxEventAgeSeconds` of being asked or not at all.
 */
export interface WorkerFunction {
  readonly name: string;
  readonly handler: string;
  readonly timeoutSeconds: number;
  readonly maxEventAgeSeconds: number;
  readonly dataAccess: DataAccess;
}

export const workerFunctions = [
  { name: 'ChatWorker', handler: 'functions/ai/chat-worker', timeoutSeconds: 300, maxEventAgeSeconds: 120, dataAccess: 'write' },
] as const satisfies readonly WorkerFunction[];

/** The longest a reply can hold its conversation: it starts within the worker's event age and runs within its timeout. */
export const CHAT_REPLY_LEASE_SECONDS = workerFunctions[0].maxEventAgeSeconds + workerFunctions[0].timeoutSeconds;
/** How long a stopped reply may still hold its conversation (it stops at its next step, within a second or so). */
export const STOPPED_REPLY_LEASE_SECONDS = 10;

/**
 * The export worker (issue 39): started asynchronously by the export routes, it reads a workspace, a
 * project or a person's data, writes the export's files under the bucket's exports/ prefix as it reads
 * (s3:PutObject and s3:AbortMultipartUpload there only), marks its job and mails the requester. A start that waits past its event age is dropped;
 * the job then stays pending and the person asks again.
 */
export const exportWorker = {
  name: 'ExportWorker',
  handler: 'functions/exports/export-worker',
  timeoutSeconds: 300,
  maxEventAgeSeconds: 600,
  dataAccess: 'write',
} as const satisfies WorkerFunction;

/**
 * The import worker (issue 39): started asynchronously by the import routes, it reads an uploaded file under
 * the bucket's imports/ prefix (s3:GetObject there only), analyses it (writing only its job's preview) or
 * writes its items in chunks, starting itself again with a cursor before its time runs out (so an import of
 * any size runs in invocations of at most `timeoutSeconds`; lambda:InvokeFunction on itself).
 */
export const importWorker = {
  name: 'ImportWorker',
  handler: 'functions/imports/import-worker',
  timeoutSeconds: 900,
  maxEventAgeSeconds: 600,
  dataAccess: 'write',
} as const satisfies WorkerFunction;
