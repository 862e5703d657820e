import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { decodeChange, type StreamChange } from '../data/stream-changes.js';
import { deleteObjects } from '../lib/file-store.js';
import { logger } from '../lib/logger.js';

/** The bucket keys whose attachment items these changes removed. */
export function removedObjectKeys(changes: readonly (StreamChange | undefined)[]): string[] {
  return [
    ...new Set(changes.flatMap((change) => (change?.entity === 'Attachment' && change.operation === 'remove' && change.objectKey ? [change.objectKey] : []))),
  ];
}

/**
 * Table stream → the attachments bucket (issue 37): the object of every attachment item removed, however it
 * went (deleted by a person; with its task, project or workspace; a pending upload expiring by TTL). The
 * one place files are deleted, so no way of deleting a task can leave its files behind. Deleting an object
 * that is already gone is no error, so a redelivered batch does no harm; a failed call fails the batch,
 * which the event source retries.
 */
export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function cleanUpAttachments(event) {
    const objectKeys = removedObjectKeys(event.Records.map(decodeChange));
    if (objectKeys.length === 0) return;
    await deleteObjects(objectKeys);
    logger.info('Deleted the files of removed attachments', { count: objectKeys.length });
  });
