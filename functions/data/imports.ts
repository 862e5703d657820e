/**
 * Import jobs (issue 39): IMPORT#<id> in the workspace's partition (deleted with it), moved through their
 * statuses by conditional updates (a cancel and the worker cannot both win), and IMPORTFILE#<sha-256>, the
 * last import started of a file, which the next request of the same file is asked about (409). Both expire
 * by TTL IMPORT_DAYS after they were made, as the file does by the bucket's imports/ rule.
 */

import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { csvMapping, IMPORT_DAYS, importReport, importView, type ImportStatus } from '../../shared/schemas/import.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { keys, workspacePartition } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';

const IMPORT_ENTITY = 'Import';
const IMPORTED_FILE_ENTITY = 'ImportedFile';
/** How many imports the list shows: the page looks for a running one among them. */
export const LISTED_IMPORTS = 20;

/** A job as stored: its view, its workspace, what the worker needs (the file's hash, a CSV's mapping) and the write phase's cursor. */
export const importJob = z.extend(importView, {
  workspaceId: z.string(),
  sha256: z.string(),
  mapping: z.optional(csvMapping),
  /** Records of the file written so far (the write phase's next invocation starts there). */
  cursor: z.number(),
  /** What the write phase has done so far (the report once done). */
  written: z.optional(importReport),
  /** When its status, or the write phase's cursor, last moved: a job that stops moving was dropped by its worker. */
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJob>;

const expiresAt = (createdAt: string): number => epochSeconds(createdAt) + IMPORT_DAYS * 24 * 60 * 60;

export async function putImportJob(job: ImportJob): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.importJob(job.workspaceId, job.id), entity: IMPORT_ENTITY, ...job, expiresAt: expiresAt(job.createdAt) } }),
  );
}

export async function getImportJob(workspaceId: string, importId: string): Promise<ImportJob | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.importJob(workspaceId, importId), ConsistentRead: true }));
  return Item?.entity === IMPORT_ENTITY ? importJob.parse(Item) : undefined;
}

/** The workspace's last LISTED_IMPORTS imports, newest first (ids are time-sorted). */
export async function listImportJobs(workspaceId: string): Promise<ImportJob[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': 'IMPORT#' },
      ScanIndexForward: false,
      Limit: LISTED_IMPORTS,
    }),
  );
  return Items.map((item) => importJob.parse(item));
}

export type ImportChanges = Partial<Pick<ImportJob, 'status' | 'preview' | 'progress' | 'report' | 'error' | 'finishedAt' | 'cursor' | 'written'>>;

/**
 * Writes `changes` to the job while its status is one of `from` (and, for a chunk, its cursor is still
 * `cursor`: a chunk run twice moves it once); false when refused or the job is gone.
 */
export function updateImportJob(workspaceId: string, importId: string, expected: { from: readonly ImportStatus[]; cursor?: number }, changes: ImportChanges): Promise<boolean> {
  const set = Object.entries({ ...changes, updatedAt: new Date().toISOString() }).filter(([, value]) => value !== undefined);
  const statuses = expected.from.map((_status, index) => `:from${index}`);
  return writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.importJob(workspaceId, importId),
        UpdateExpression: `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: `#entity = :entity AND #status IN (${statuses.join(', ')})${expected.cursor === undefined ? '' : ' AND #cursor = :expectedCursor'}`,
        ExpressionAttributeNames: {
          '#entity': 'entity',
          '#status': 'status',
          ...(expected.cursor === undefined ? {} : { '#cursor': 'cursor' }),
          ...Object.fromEntries(set.map(([name]) => [`#${name}`, name])),
        },
        ExpressionAttributeValues: {
          ':entity': IMPORT_ENTITY,
          ...Object.fromEntries(expected.from.map((status, index) => [`:from${index}`, status])),
          ...(expected.cursor === undefined ? {} : { ':expectedCursor': expected.cursor }),
          ...Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])),
        },
      }),
    ),
  );
}

const importedFile = z.object({ importId: z.string(), createdAt: z.string() });
export type ImportedFile = z.infer<typeof importedFile>;

/** Remembers that this file was imported into the workspace (by the import started last). */
export async function putImportedFile(workspaceId: string, sha256: string, file: ImportedFile): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.importedFile(workspaceId, sha256), entity: IMPORTED_FILE_ENTITY, ...file, expiresAt: expiresAt(file.createdAt) } }),
  );
}

export async function getImportedFile(workspaceId: string, sha256: string): Promise<ImportedFile | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.importedFile(workspaceId, sha256) }));
  return Item?.entity === IMPORTED_FILE_ENTITY ? importedFile.parse(Item) : undefined;
}
