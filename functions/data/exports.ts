/**
 * Export jobs (issue 39): EXPORT#<id> in the workspace's partition (a workspace's or project's export,
 * deleted with the workspace) or in the person's own (USER#<user>, their personal export). The worker
 * (functions/exports/export-worker.ts) writes the files and marks the job done or failed. Jobs expire by
 * TTL with their files (the bucket's exports/ rule): EXPORT_DAYS after they were asked for.
 */

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { EXPORT_DAYS, exportView } from '../../shared/schemas/export.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { keys } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';

const EXPORT_ENTITY = 'Export';

export type ExportOwner = { readonly workspaceId: string } | { readonly userId: string };

export const storedExportFile = z.object({ name: z.string(), key: z.string(), contentType: z.string() });
export type StoredExportFile = z.infer<typeof storedExportFile>;

/** A job as stored: its view's fields, with its workspace and the files' keys instead of their links. */
export const exportJob = z.extend(z.omit(exportView, { files: true, linksExpireAt: true }), {
  workspaceId: z.nullable(z.string()),
  files: z.array(storedExportFile),
});
export type ExportJob = z.infer<typeof exportJob>;

export const ownerOf = (job: Pick<ExportJob, 'workspaceId' | 'requestedBy'>): ExportOwner =>
  job.workspaceId === null ? { userId: job.requestedBy } : { workspaceId: job.workspaceId };

export async function putExportJob(job: ExportJob): Promise<void> {
  const expiresAt = epochSeconds(job.createdAt) + EXPORT_DAYS * 24 * 60 * 60;
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { ...keys.exportJob(ownerOf(job), job.id), entity: EXPORT_ENTITY, ...job, expiresAt } }));
}

export async function getExportJob(owner: ExportOwner, exportId: string): Promise<ExportJob | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.exportJob(owner, exportId), ConsistentRead: true }));
  return Item?.entity === EXPORT_ENTITY ? exportJob.parse(Item) : undefined;
}

/** Marks a pending job done (with its files) or failed (with why); false when it is gone (its workspace was deleted). */
export function finishExportJob(owner: ExportOwner, exportId: string, outcome: Pick<ExportJob, 'status' | 'files' | 'error' | 'finishedAt'>): Promise<boolean> {
  return writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.exportJob(owner, exportId),
        UpdateExpression: 'SET #status = :status, #files = :files, #error = :error, #finishedAt = :finishedAt',
        ConditionExpression: '#entity = :entity',
        ExpressionAttributeNames: { '#status': 'status', '#files': 'files', '#error': 'error', '#finishedAt': 'finishedAt', '#entity': 'entity' },
        ExpressionAttributeValues: { ':status': outcome.status, ':files': outcome.files, ':error': outcome.error, ':finishedAt': outcome.finishedAt, ':entity': EXPORT_ENTITY },
      }),
    ),
  );
}
