import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { keys, userLookup, workspacePartition, type ItemKey } from './keys.js';
import { conditionFailure } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * Counts uses within a time window on one item (abuse limits): a single conditional `ADD` both checks and
 * counts, so parallel requests cannot slip past the limit. The item expires through the table's TTL.
 *
 * @returns false when the window already holds `limit` uses (nothing is counted then).
 */
async function takeQuota(key: ItemKey, entity: string, limit: number, expiresAt: number): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':entity': entity, ':expiresAt': expiresAt },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) !== undefined) return false;
    throw error;
  }
}

const TEN_SECONDS_MS = 10 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A fixed clock window (minute, hour, UTC day) holding `now`. */
interface Window {
  readonly start: number;
  readonly length: number;
}

function windowOf(now: Date, length: number): Window {
  return { start: Math.floor(now.getTime() / length) * length, length };
}

function windowName(window: Window): string {
  return new Date(window.start).toISOString();
}

/** Kept one window past its own, then swept by the TTL. */
function expiryOf(window: Window): number {
  return epochSeconds(window.start + 2 * window.length);
}

/** Seconds until the window ends: what a refused caller is told to wait (Retry-After). */
function secondsLeft(window: Window, now: Date): number {
  return Math.max(1, Math.ceil((window.start + window.length - now.getTime()) / 1000));
}

export type QuotaOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED = { allowed: true } as const;

/** One use in the clock window holding `now`; when refused, the seconds until the next window. */
async function takeWindowQuota(keyOf: (window: string) => ItemKey, entity: string, limit: number, window: Window, now: Date): Promise<QuotaOutcome> {
  if (await takeQuota(keyOf(windowName(window)), entity, limit, expiryOf(window))) return ALLOWED;
  return { allowed: false, retryAfterSeconds: secondsLeft(window, now) };
}

/** `usedUp`: which window refused, for the message. */
export type InvitationQuotaOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number; usedUp: 'hour' | 'day' };

/**
 * One invitation (or Add Member) mail of a user, counted per clock hour and per UTC day across all the
 * workspaces they manage. The day is taken first: an hour refused does not use up the day, but a day
 * refused leaves the hour uncounted too.
 */
export async function takeInvitationQuota(
  userId: string,
  limits: { perHour: number; perDay: number },
  now: Date,
): Promise<InvitationQuotaOutcome> {
  const day = windowOf(now, DAY_MS);
  const hour = windowOf(now, HOUR_MS);
  const dayKey = keys.invitationCounter(userId, `day#${windowName(day)}`);
  if (!(await takeQuota(dayKey, 'InvitationCounter', limits.perDay, expiryOf(day)))) {
    return { allowed: false, retryAfterSeconds: secondsLeft(day, now), usedUp: 'day' };
  }
  if (!(await takeQuota(keys.invitationCounter(userId, `hour#${windowName(hour)}`), 'InvitationCounter', limits.perHour, expiryOf(hour)))) {
    await giveBack(dayKey);
    return { allowed: false, retryAfterSeconds: secondsLeft(hour, now), usedUp: 'hour' };
  }
  return ALLOWED;
}

/** Returns a use counted in a window whose companion window refused the request. */
async function giveBack(key: ItemKey): Promise<void> {
  await documentClient.send(
    new UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'ADD #count :minusOne', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':minusOne': -1 } }),
  );
}

/** Workspaces a user creates per UTC day. */
export function takeWorkspaceCreationQuota(userId: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.workspaceCreationCounter(userId, window), 'WorkspaceCreationCounter', limit, windowOf(now, DAY_MS), now);
}

/** Exports a user asks for per clock hour. */
export function takeExportQuota(userId: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.exportCounter(userId, window), 'ExportCounter', limit, windowOf(now, HOUR_MS), now);
}

/** Assistant messages per user and clock minute; answers the seconds until the next window when refused. */
export function takeChatQuota(userId: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.chatCounter(userId, window), 'ChatCounter', limit, windowOf(now, MINUTE_MS), now);
}

/** Tool calls outside AI agents (the MCP server) make as one user per clock minute. */
export function takeAgentCallQuota(userId: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.agentCallCounter(userId, window), 'AgentCallCounter', limit, windowOf(now, MINUTE_MS), now);
}

/** Requests one personal API token makes per clock minute. */
export function takeApiTokenQuota(tokenId: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.apiTokenRate(tokenId, window), 'ApiTokenRate', limit, windowOf(now, MINUTE_MS), now);
}

/** WebSocket connections opened from one IP address per clock minute. */
export function takeSocketConnectQuota(sourceIp: string, limit: number, now: Date): Promise<QuotaOutcome> {
  return takeWindowQuota((window) => keys.connectCounter(sourceIp, window), 'ConnectCounter', limit, windowOf(now, MINUTE_MS), now);
}

/** Messages one WebSocket connection sends per 10-second window (pings included): false past the limit. */
export function takeConnectionMessageQuota(connectionId: string, limit: number, now: Date): Promise<boolean> {
  const window = windowOf(now, TEN_SECONDS_MS);
  return takeQuota(keys.connectionRate(connectionId, windowName(window)), 'ConnectionRate', limit, expiryOf(window));
}

/** The day's token counters of a user (across workspaces) and of a workspace (across its members). */
function tokenCounters(userId: string, workspaceId: string, day: Window): { user: ItemKey; workspace: ItemKey } {
  return {
    user: keys.assistantTokens(userLookup.partition(userId), windowName(day)),
    workspace: keys.assistantTokens(workspacePartition(workspaceId), windowName(day)),
  };
}

/** Counts the model tokens of an answer for the user and for the workspace (no limit: the answer has happened). */
export async function chargeAssistantTokens(userId: string, workspaceId: string, tokens: number, now: Date): Promise<void> {
  if (!(tokens > 0)) return;
  const day = windowOf(now, DAY_MS);
  const counters = tokenCounters(userId, workspaceId, day);
  await Promise.all(
    [counters.user, counters.workspace].map((key) =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD #count :tokens SET entity = :entity, expiresAt = :expiresAt',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':tokens': Math.ceil(tokens), ':entity': 'AssistantTokens', ':expiresAt': expiryOf(day) },
        }),
      ),
    ),
  );
}

/** `usedUp`: whose budget is spent, for the message. */
export type AssistantBudgetOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number; usedUp: 'user' | 'workspace' };

/**
 * Whether the user, and the workspace, still have model tokens left today. Read, not taken: an answer's size is
 * known only once it is written, so a reply that starts under the budget finishes, and the next one is refused.
 */
export async function assistantBudgetLeft(userId: string, workspaceId: string, limits: { perUser: number; perWorkspace: number }, now: Date): Promise<AssistantBudgetOutcome> {
  const day = windowOf(now, DAY_MS);
  const counters = tokenCounters(userId, workspaceId, day);
  const spent = async (key: ItemKey) => {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ProjectionExpression: '#count', ExpressionAttributeNames: { '#count': 'count' } }));
    return typeof Item?.count === 'number' ? Item.count : 0;
  };
  const [byUser, byWorkspace] = await Promise.all([spent(counters.user), spent(counters.workspace)]);
  if (byUser >= limits.perUser) return { allowed: false, retryAfterSeconds: secondsLeft(day, now), usedUp: 'user' };
  if (byWorkspace >= limits.perWorkspace) return { allowed: false, retryAfterSeconds: secondsLeft(day, now), usedUp: 'workspace' };
  return ALLOWED;
}
