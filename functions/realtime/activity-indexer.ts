import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { activityOf, putActivity, type ActivityEvent } from '../data/activity.js';
import { applySearchIndexWrites, searchIndexWrites, type SearchIndexWrites } from '../data/search-index.js';
import { inboxNoticesOf } from '../data/inbox-changes.js';
import { putNotices } from '../data/inbox.js';
import { decodeChange, type StreamChange } from '../data/stream-changes.js';
import { purgeTrashed, trashPurgeOf, type TrashPurge } from '../domain/trash.js';
import { putTaskHistory, taskHistoryOf, type HistoryWrite } from '../data/task-history.js';
import { logger } from '../lib/logger.js';
import { listConnectionsOfUser } from '../data/connection.js';
import { audienceOf, pushToAudience } from './audience.js';
import { push } from './push.js';

/**
 * Table stream → team activity, task history and the search index, beside the fan-out (fanout.ts) and at
 * its own pace: a burst's hundreds of entries never hold up the pushes. Events of the activity feed
 * (data/activity.ts; the event id comes from the record, so a redelivered batch rewrites the same items),
 * each task write's entry of its history (data/task-history.ts; keyed by the version the write gave the
 * task, so idempotent too) and the search entries of changed texts (data/search-index.ts) are stored; then
 * each workspace that has new events is told (`activity`), so a dashboard on screen reloads its feed once
 * the events are there to read. The inbox notices the changes mean (data/inbox-changes.ts; a notice's id
 * comes from its source change, so a redelivered record writes none again) are stored too, and each reader
 * with a new one is told (`inbox.changed`, to their own connections only).
 * A Trash entry purged or expired takes its tasks' comments with it (data/trash.ts; deleting what is gone
 * already is no change, so a redelivery is harmless).
 */
export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function indexActivity(event) {
    const activity: ActivityEvent[] = [];
    const searchWrites: SearchIndexWrites[] = [];
    const history: HistoryWrite[] = [];
    const purged: TrashPurge[] = [];
    const changes: StreamChange[] = [];
    for (const record of event.Records) {
      const change = decodeChange(record);
      if (!change) continue;
      changes.push(change);
      activity.push(...activityOf(change, record.eventID ?? `${record.dynamodb?.SequenceNumber ?? ''}`));
      searchWrites.push(searchIndexWrites(change));
      const entry = taskHistoryOf(change);
      if (entry) history.push(entry);
      const purge = trashPurgeOf(change);
      if (purge) purged.push(purge);
    }
    const [, , , readers] = await Promise.all([
      putActivity(activity),
      applySearchIndexWrites(searchWrites),
      putTaskHistory(history),
      inboxNoticesOf(changes).then(putNotices),
      ...purged.map(purgeTrashed),
    ]);
    await Promise.all(readers.map(async (userId) => push(await listConnectionsOfUser(userId), { type: 'inbox.changed' })));
    const workspaces = [...new Set(activity.map((stored) => stored.workspaceId))];
    await Promise.all(workspaces.map(async (workspaceId) => pushToAudience(await audienceOf(workspaceId), [{ entity: 'activity' }])));
  });
