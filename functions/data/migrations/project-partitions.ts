import { BatchWriteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { milestoneView, noteView, taskView } from '../../../shared/schemas/project.js';
import { documentClient, tableName } from '../client.js';
import { indexes, keys } from '../keys.js';
import { googleAccountLookup } from '../google-calendar/accounts.js';
import { childItem, listProjectItems, subtaskCountItem } from '../project-children.js';
import { labelCountItem } from '../labels.js';
import { webhookCountItem } from '../webhooks.js';
import { taskIndexAttributes } from '../task-index.js';
import { PROJECT_ENTITY } from '../projects.js';
import { searchEntriesOf } from '../search-index.js';
import { conditionFailure, writtenUnlessRefused } from '../table-operations.js';

/**
 * One-off upgrade of a table written before projects kept their items in partitions of their own: moves
 * tasks, milestones and notes from the workspace partition (`WS#<ws>` / `PROJECT#<project>#TASK#<task>` …) to
 * `PROJ#<ws>#<project>` with the task index attributes, then gives every project the counts of what it
 * holds; notes written before the workspace's notes were indexed (layout 2) get their index attributes;
 * every workspace gets its entry in the registry the daily jobs read (layout 3); projects, tasks, notes and
 * links get their search entries (layout 5; later changes keep them in step through the stream); completed
 * tasks with a due date get their place in the due-date index, which has kept them apart since layout 6;
 * connected Google accounts get their place in the index that finds every connection of one Google account
 * (layout 7), which revocations ask before revoking; parents get the count of their sub-tasks and
 * workspaces the count of their labels, which the writes keep and condition their limits on (layout 8;
 * until it has run, a parent or workspace stored before counts as having none); workspaces the count of their
 * webhook endpoints, likewise, and the webhook retries the minutely sweep kept are dropped (layout 9).
 * Safe to repeat (it puts before it deletes, and counts from what is there). Run it before serving
 * traffic: the local stack does so at start; for a deployed table, `npm run migrate -- <table name>`.
 *
 * A marker item records that the table has the current layout, so later starts skip the Scan.
 */
const CURRENT_LAYOUT = 9;

/**
 * Webhook retries waiting as items swept every minute, before layout 9 moved them to the SQS queue: no sweep
 * reads them any more and they have no TTL, so the upgrade deletes them (their deliveries are logged as retrying).
 */
const RETIRED_WEBHOOK_RETRY_PARTITION = 'WEBHOOKDELIVERY';

/** An old-layout child (its view's fields) as the item of the current layout, by its entity. */
const upgradedChild: Record<string, (workspaceId: string, stored: unknown) => Record<string, unknown>> = {
  Task: (workspaceId, stored) => childItem('task', workspaceId, taskView.parse(stored)),
  Milestone: (workspaceId, stored) => childItem('milestone', workspaceId, milestoneView.parse(stored)),
  Note: (workspaceId, stored) => childItem('note', workspaceId, noteView.parse(stored)),
};

const scannedItem = z.object({ PK: z.string(), SK: z.string(), entity: z.optional(z.string()) });

async function scanAll(each: (item: Record<string, unknown>) => void): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    (page.Items ?? []).forEach(each);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

async function batchWrite(requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending = requests.slice(start, start + 25);
    while (pending.length > 0) {
      const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = result.UnprocessedItems?.[tableName] ?? [];
    }
  }
}

export async function tableHasCurrentLayout(): Promise<boolean> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.tableLayout() }));
  return Item?.layout === CURRENT_LAYOUT;
}

export async function markCurrentLayout(): Promise<void> {
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { ...keys.tableLayout(), entity: 'TableLayout', layout: CURRENT_LAYOUT } }));
}

/** A completed, dated task of layout 5 as the Scan found it: its key, its version, its due-date index attributes. */
export interface UndatedCompletion {
  readonly key: { PK: string; SK: string };
  readonly version: number;
  readonly attributes: Record<string, string>;
}

/**
 * Writes only the index attributes, and only on the task as it was scanned: one deleted, reopened or edited
 * since (the migration may run on a live table) was written whole by the app, with its own attributes, and is
 * left alone. Exported for its test.
 */
export async function placeCompletionsByDueDate(completions: readonly UndatedCompletion[]): Promise<void> {
  for (const { key, version, attributes } of completions) {
    await setAttributesIf(key, attributes, { expression: '#version = :version', names: { '#version': 'version' }, values: { ':version': version } });
  }
}

/** Sets `attributes` on the item while `condition` holds; an item the condition no longer fits is left as it is. */
async function setAttributesIf(
  key: { PK: string; SK: string },
  attributes: Record<string, string>,
  condition: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
): Promise<void> {
  const names = Object.keys(attributes);
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: `SET ${names.map((_, index) => `#a${index} = :a${index}`).join(', ')}`,
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...condition.names, ...Object.fromEntries(names.map((name, index) => [`#a${index}`, name])) },
        ExpressionAttributeValues: { ...condition.values, ...Object.fromEntries(names.map((name, index) => [`:a${index}`, attributes[name]])) },
      }),
    );
  } catch (error) {
    if (!conditionFailure(error)) throw error;
  }
}

/** The lookup attributes on accounts stored before layout 7; one disconnected since is not brought back. */
async function indexGoogleAccounts(accounts: readonly { key: { PK: string; SK: string }; attributes: Record<string, string> }[]): Promise<void> {
  for (const { key, attributes } of accounts) await setAttributesIf(key, attributes, { expression: 'attribute_exists(PK)' });
}

/**
 * The counts the writes keep since layout 8, as the Scan finds what they count: sub-tasks by parent,
 * labels and (layout 9) webhook endpoints by workspace. Only a count not stored yet is written, on condition that it is still not there:
 * one the writes made meanwhile (the migration may run on a live table) is live, and is left alone.
 */
function keptCounts() {
  const found = new Map<string, { item: (count: number) => Record<string, unknown>; count: number }>();
  const stored = new Set<string>();
  const counted = (key: string, item: (count: number) => Record<string, unknown>) => found.set(key, { item, count: (found.get(key)?.count ?? 0) + 1 });
  return {
    scan(raw: Record<string, unknown>, item: { PK: string; SK: string; entity?: string | undefined }): void {
      if (item.entity === 'Task' && item.PK.startsWith('PROJ#') && typeof raw.parentId === 'string') {
        const { workspaceId, projectId, parentId } = z.object({ workspaceId: z.string(), projectId: z.string(), parentId: z.string() }).parse(raw);
        counted(`${item.PK}|SUBTASKS#${parentId}`, (count) => subtaskCountItem(workspaceId, projectId, parentId, count));
      }
      if (item.entity === 'Label' && item.PK.startsWith('WS#')) counted(`${item.PK}|LABELCOUNT`, (count) => labelCountItem(item.PK.slice('WS#'.length), count));
      if (item.entity === 'Webhook' && item.PK.startsWith('WS#')) counted(`${item.PK}|WEBHOOKCOUNT`, (count) => webhookCountItem(item.PK.slice('WS#'.length), count));
      if (item.entity === 'SubtaskCount' || item.entity === 'LabelCount' || item.entity === 'WebhookCount') stored.add(`${item.PK}|${item.SK}`);
    },
    /** Writes the counts missing; answers how many it wrote. */
    async write(): Promise<number> {
      let written = 0;
      for (const [key, { item, count }] of found) {
        if (stored.has(key)) continue;
        const put = new PutCommand({ TableName: tableName, Item: item(count), ConditionExpression: 'attribute_not_exists(PK)' });
        if (await writtenUnlessRefused(() => documentClient.send(put))) written += 1;
      }
      return written;
    },
  };
}

/**
 * Moves every old-layout child and counts what each project holds, for the projects that had children
 * moved or have no counts yet (projects of the current layout are left alone: their counts are live).
 */
export async function migrateToProjectPartitions(): Promise<{
  moved: number;
  projects: number;
  notesIndexed: number;
  searchEntries: number;
  completionsDated: number;
  googleAccountsIndexed: number;
  countsKept: number;
  webhookRetriesDropped: number;
}> {
  const counts = keptCounts();
  const moves: { from: { PK: string; SK: string }; to: Record<string, unknown> }[] = [];
  const unindexedNotes: Record<string, unknown>[] = [];
  const undatedCompletions: UndatedCompletion[] = [];
  const unindexedGoogleAccounts: { key: { PK: string; SK: string }; attributes: Record<string, string> }[] = [];
  const workspaceIds: string[] = [];
  const searchEntries: Record<string, unknown>[] = [];
  const projects: { workspaceId: string; id: string; key: { PK: string; SK: string }; counted: boolean }[] = [];
  const sweptRetries: { PK: string; SK: string }[] = [];
  await scanAll((raw) => {
    const item = scannedItem.parse(raw);
    counts.scan(raw, item);
    if (item.PK === RETIRED_WEBHOOK_RETRY_PARTITION) sweptRetries.push({ PK: item.PK, SK: item.SK });
    if (item.entity === PROJECT_ENTITY && item.PK.startsWith('WS#')) {
      const { id } = z.object({ id: z.string() }).parse(raw);
      projects.push({ workspaceId: item.PK.slice('WS#'.length), id, key: { PK: item.PK, SK: item.SK }, counted: 'taskCount' in raw });
    }
    if (item.entity === 'Workspace' && item.SK === 'META') workspaceIds.push(item.PK.slice('WS#'.length));
    const dueDateKey = indexes.tasksByDueDate.partitionKey;
    if (item.entity === 'Task' && item.PK.startsWith('PROJ#') && raw.completed === true && raw.dueDate && !(dueDateKey in raw)) {
      const task = taskView.parse(raw);
      const attributes = taskIndexAttributes(z.object({ workspaceId: z.string() }).parse(raw).workspaceId, task);
      const sortKey = indexes.tasksByDueDate.sortKey;
      undatedCompletions.push({
        key: { PK: item.PK, SK: item.SK },
        version: task.version,
        attributes: { [dueDateKey]: attributes[dueDateKey] ?? '', [sortKey]: attributes[sortKey] ?? '' },
      });
    }
    if (item.entity === 'GoogleAccount' && !(indexes.emailLookup.partitionKey in raw)) {
      const account = z.object({ accountId: z.string(), workspaceId: z.string(), userId: z.string() }).parse(raw);
      unindexedGoogleAccounts.push({ key: { PK: item.PK, SK: item.SK }, attributes: googleAccountLookup(account) });
    }
    if (item.entity === 'Note' && item.PK.startsWith('PROJ#') && !(indexes.tasksByStatus.partitionKey in raw)) {
      unindexedNotes.push(childItem('note', z.object({ workspaceId: z.string() }).parse(raw).workspaceId, noteView.parse(raw)));
    }
    const upgrade = item.entity ? upgradedChild[item.entity] : undefined;
    if (!upgrade || !item.PK.startsWith('WS#') || !item.SK.startsWith('PROJECT#')) {
      searchEntries.push(...searchEntriesOf(raw));
      return;
    }
    const to = upgrade(item.PK.slice('WS#'.length), raw);
    moves.push({ from: { PK: item.PK, SK: item.SK }, to });
    searchEntries.push(...searchEntriesOf(to));
  });
  await batchWrite(moves.map(({ to }) => ({ PutRequest: { Item: to } })));
  await batchWrite(moves.map(({ from }) => ({ DeleteRequest: { Key: from } })));
  await batchWrite(unindexedNotes.map((note) => ({ PutRequest: { Item: note } })));
  await batchWrite(workspaceIds.map((workspaceId) => ({ PutRequest: { Item: { ...keys.workspaceRegistryEntry(workspaceId), workspaceId } } })));
  await batchWrite(searchEntries.map((entry) => ({ PutRequest: { Item: entry } })));
  await batchWrite(sweptRetries.map((key) => ({ DeleteRequest: { Key: key } })));
  await placeCompletionsByDueDate(undatedCompletions);
  await indexGoogleAccounts(unindexedGoogleAccounts);
  const countsKept = await counts.write();
  const touched = new Set(moves.map(({ to }) => `${String(to.workspaceId)}#${String(to.projectId)}`));
  const toCount = projects.filter((project) => !project.counted || touched.has(`${project.workspaceId}#${project.id}`));
  for (const project of toCount) {
    const items = await listProjectItems(project.workspaceId, project.id);
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: project.key,
        UpdateExpression: 'SET taskCount = :tasks, completedTaskCount = :completed, milestoneCount = :milestones, noteCount = :notes',
        ExpressionAttributeValues: {
          ':tasks': items.tasks.length,
          ':completed': items.tasks.filter((task) => task.completed).length,
          ':milestones': items.milestones.length,
          ':notes': items.notes.length,
        },
      }),
    );
  }
  await markCurrentLayout();
  return {
    moved: moves.length,
    projects: toCount.length,
    notesIndexed: unindexedNotes.length,
    searchEntries: searchEntries.length,
    completionsDated: undatedCompletions.length,
    googleAccountsIndexed: unindexedGoogleAccounts.length,
    countsKept,
    webhookRetriesDropped: sweptRetries.length,
  };
}
