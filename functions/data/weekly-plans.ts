import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { planRisk } from '../../shared/schemas/weekly-plan.js';
import { documentClient, tableName } from './client.js';
import { keys, workspacePartition } from './keys.js';
import { batchDeleteKeys, batchPutItems, queryAllItems } from './table-operations.js';

/**
 * The last weekly plan, saved so that where it put each task and why is still there after a reload: one per
 * workspace (the team's, made by an owner or admin or the Monday job) and one per member who planned only
 * their own tasks. A plan's entries go into chunks under a new plan id first; then its head is written,
 * naming that id, and the chunks of the plan it replaced are deleted. A reader sees the old plan or the new
 * one, never a mix.
 */
export const WEEKLY_PLAN_ENTITY = 'WeeklyPlan';

/** Entries per chunk: ~250 bytes each, far under DynamoDB's 400 KB item limit. */
const ENTRIES_PER_CHUNK = 400;
const MAX_READ_ATTEMPTS = 3;

/** Whose plan: the whole workspace's, or one member's own tasks. */
export type SavedPlanOwner = { readonly kind: 'team' } | { readonly kind: 'own'; readonly userId: string };

const storedEntry = z.object({
  outcome: z.enum(['placed', 'unplaced', 'conflict']),
  taskId: z.string(),
  projectId: z.string(),
  title: z.string(),
  reason: z.string(),
  /** The day, for a placed task. */
  date: z.optional(z.string()),
  late: z.optional(z.literal(true)),
  overCapacity: z.optional(z.literal(true)),
  risk: z.optional(planRisk),
  /** For the team's (unassigned) work: the member whose time it took, kept there by the next plan while they have room. */
  doneBy: z.optional(z.string()),
});
export type StoredPlanEntry = z.infer<typeof storedEntry>;

const storedHead = z.object({
  planId: z.string(),
  chunks: z.number(),
  generatedAt: z.string(),
  generatedBy: z.string(),
  weekStart: z.string(),
});

export interface StoredWeeklyPlan extends z.infer<typeof storedHead> {
  readonly entries: readonly StoredPlanEntry[];
}

const scopeKey = (owner: SavedPlanOwner) => (owner.kind === 'team' ? 'TEAM' : `USER#${owner.userId}`);

const chunkKeys = (workspaceId: string, owner: SavedPlanOwner, planId: string, count: number) =>
  Array.from({ length: count }, (_, chunk) => keys.weeklyPlanChunk(workspaceId, scopeKey(owner), planId, chunk));

/** Saves a plan as the current one of its owner, and deletes the chunks of the one it replaces. */
export async function saveWeeklyPlan(
  workspaceId: string,
  owner: SavedPlanOwner,
  plan: { generatedAt: string; generatedBy: string; weekStart: string; entries: readonly StoredPlanEntry[] },
): Promise<void> {
  // Sortable by time, unique however many are saved at once.
  const planId = `${plan.generatedAt}~${randomUUID().slice(0, 8)}`;
  const chunks: StoredPlanEntry[][] = [];
  for (let start = 0; start < plan.entries.length; start += ENTRIES_PER_CHUNK) chunks.push(plan.entries.slice(start, start + ENTRIES_PER_CHUNK));
  const chunkKeysOfPlan = chunkKeys(workspaceId, owner, planId, chunks.length);
  await batchPutItems(chunks.map((entries, index) => ({ ...chunkKeysOfPlan[index], entries })));
  const { Attributes } = await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.weeklyPlanHead(workspaceId, scopeKey(owner)),
        // Named like the other items of a workspace, so the table's stream tells the watchers a plan was made.
        entity: WEEKLY_PLAN_ENTITY,
        id: scopeKey(owner),
        workspaceId,
        planId,
        chunks: chunks.length,
        generatedAt: plan.generatedAt,
        generatedBy: plan.generatedBy,
        weekStart: plan.weekStart,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const replaced = storedHead.safeParse(Attributes);
  if (replaced.success) await batchDeleteKeys(chunkKeys(workspaceId, owner, replaced.data.planId, replaced.data.chunks));
}

/**
 * The current plan of an owner, or undefined before the first. Should a newer plan replace it between reading
 * its head and its chunks (which it then deletes), the head is read again.
 */
export async function readWeeklyPlan(workspaceId: string, owner: SavedPlanOwner): Promise<StoredWeeklyPlan | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.weeklyPlanHead(workspaceId, scopeKey(owner)) }));
    if (!Item) return undefined;
    const head = storedHead.parse(Item);
    const chunks = head.chunks === 0 ? [] : await queryAllItems({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': `WEEKPLAN#${scopeKey(owner)}#${head.planId}#` },
    });
    if (chunks.length === head.chunks || attempt >= MAX_READ_ATTEMPTS) {
      return { ...head, entries: chunks.flatMap((chunk) => z.array(storedEntry).parse(chunk.entries)) };
    }
  }
}
