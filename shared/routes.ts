import { healthRoutes } from './routes/health.js';
import { workspacesRoutes } from './routes/workspaces.js';
import { projectsRoutes } from './routes/projects.js';
import { tasksRoutes } from './routes/tasks.js';
import { commentsRoutes } from './routes/comments.js';
import { attachmentsRoutes } from './routes/attachments.js';
import { milestonesRoutes } from './routes/milestones.js';
import { notesRoutes } from './routes/notes.js';
import { searchRoutes } from './routes/search.js';
import { linksRoutes } from './routes/links.js';
import { labelsRoutes } from './routes/labels.js';
import { membersRoutes } from './routes/members.js';
import { invitationsRoutes } from './routes/invitations.js';
import { conversationsRoutes } from './routes/conversations.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { weeklyPlanRoutes } from './routes/weekly-plan.js';
import { googleCalendarRoutes } from './routes/google-calendar.js';
import { profileRoutes } from './routes/profile.js';
import { realtimeRoutes } from './routes/realtime.js';
import { mcpRoutes } from './routes/mcp.js';
import { calendarFeedRoutes } from './routes/calendar-feed.js';
import { openApiRoutes } from './routes/openapi.js';
import { apiTokensRoutes } from './routes/api-tokens.js';
import { webhooksRoutes } from './routes/webhooks.js';
import { trashRoutes } from './routes/trash.js';
import { inboxRoutes } from './routes/inbox.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';
import { exportsRoutes } from './routes/exports.js';
import { importsRoutes } from './routes/imports.js';
import type { DataAccess, HttpRoute } from './routes/contract.js';

export * from './routes/contract.js';

/**
 * The one route table and the API's contract. The CDK api/realtime/schedule stacks create a function per
 * entry, the local gateways serve the same entries in process, handlers get their path parameters, query
 * and body validated by the entry's schemas, and the web client builds every URL and parses every answer
 * from it. Nothing else lists routes.
 *
 * `handler` is the module path (from the repository root, without extension) whose export `handler`
 * serves the route. `response` is the schema of the success body; a route without one answers 204.
 *
 * The table is put together here from its parts in shared/routes/, one per handler folder, so that a
 * Lambda bundle carries only its own part's schemas (bench/lambda-bundles.ts).
 */
export const routes = {
  ...healthRoutes,
  ...workspacesRoutes,
  ...projectsRoutes,
  ...tasksRoutes,
  ...commentsRoutes,
  ...trashRoutes,
  ...attachmentsRoutes,
  ...milestonesRoutes,
  ...notesRoutes,
  ...searchRoutes,
  ...linksRoutes,
  ...labelsRoutes,
  ...membersRoutes,
  ...invitationsRoutes,
  ...conversationsRoutes,
  ...dashboardRoutes,
  ...weeklyPlanRoutes,
  ...googleCalendarRoutes,
  ...profileRoutes,
  ...realtimeRoutes,
  ...mcpRoutes,
  ...calendarFeedRoutes,
  ...openApiRoutes,
  ...apiTokensRoutes,
  ...webhooksRoutes,
  ...inboxRoutes,
  ...unsubscribeRoutes,
  ...exportsRoutes,
  ...importsRoutes,
};

export type RouteName = keyof typeof routes;

export const httpRoutes: readonly HttpRoute[] = Object.values(routes);

/**
 * The HTTP API's Lambda authorizer: every `auth: 'user'` route's Cognito ID token or personal API token is
 * checked by it (API Gateway caches its answers a minute). It reads the token items and records their use.
 */
export const httpAuthorizer = { name: 'HttpAuthorizer', handler: 'functions/auth/http-authorizer', dataAccess: 'read' } as const satisfies {
  readonly name: string;
  readonly handler: string;
  readonly dataAccess: DataAccess;
};

// --- WebSocket routes, stream consumers, schedules -------------------------------------------------------

export type WebSocketRouteKey = '$connect' | '$disconnect' | '$default';

export interface WebSocketRoute {
  readonly name: string;
  readonly routeKey: WebSocketRouteKey;
  readonly handler: string;
  readonly dataAccess: DataAccess;
}

export const webSocketRoutes: readonly WebSocketRoute[] = [
  // Each stores or drops the connection and its subscriptions; $default also starts chats.
  { name: 'WsConnect', routeKey: '$connect', handler: 'functions/realtime/connect', dataAccess: 'write' },
  { name: 'WsDisconnect', routeKey: '$disconnect', handler: 'functions/realtime/disconnect', dataAccess: 'write' },
  { name: 'WsDefault', routeKey: '$default', handler: 'functions/realtime/default', dataAccess: 'write' },
];

export interface StreamConsumer {
  readonly name: string;
  readonly handler: string;
  readonly dataAccess: DataAccess;
  /**
   * Turns changes into webhook deliveries: it pushes nothing and asks the user pool nothing, so it gets
   * neither grant; it may send to the webhook delivery queue only.
   */
  readonly sendsWebhooks?: true;
  /** Turns changes into mail with unsubscribe links: SendEmail, the web app's address and the mail-link key; no pushes. */
  readonly sendsMail?: true;
  /** Deletes the objects of removed attachments: s3:DeleteObject on the attachments bucket's objects, and nothing else. */
  readonly deletesFiles?: true;
}

/** Functions fed by the table's stream (DynamoDB Streams in AWS, a stream poller locally). */
export const streamConsumers = [
  // The table's stream → the pushes: a workspace's changes, with the items' new views, to its subscribers
  // in frames of at most 32 KB (members re-checked; a subscription of someone who left is dropped, an
  // expired connection closed); a membership change to its user; a conversation's change to its owner.
  { name: 'RealtimeFanout', handler: 'functions/realtime/fanout', dataAccess: 'write' },
  // The same stream, at its own pace → team activity events, each task write's history entry and the
  // search index's entries; then a push that a workspace's feed has new events.
  { name: 'ActivityIndexer', handler: 'functions/realtime/activity-indexer', dataAccess: 'write' },
  // The same stream → webhook events (task, project, membership changes): one message on the webhook
  // delivery queue per event and endpoint that wants it (the WebhookSender below sends them). It only reads
  // the endpoints and workspaces; the sender writes the delivery log.
  { name: 'WebhookDispatcher', handler: 'functions/webhooks/dispatcher', dataAccess: 'read', sendsWebhooks: true },
  // The same stream → mail of mentions and assignments (issue 37): sent now, or queued for the person's
  // daily digest (the MailDigests job below), once per record and person.
  { name: 'NoticeMailer', handler: 'functions/mail/notice-mailer', dataAccess: 'write', sendsMail: true },
  // The same stream → the attachments bucket: the object of each attachment item removed (by its uploader,
  // with its task, project or workspace, or a pending upload expiring). It reads nothing from the table.
  { name: 'AttachmentCleanup', handler: 'functions/files/attachment-cleanup', dataAccess: 'none', deletesFiles: true },
] as const satisfies readonly StreamConsumer[];

/** A function fed by an SQS queue (an event source mapping in AWS, local/webhook-queue.ts locally). */
export interface QueueConsumer {
  readonly name: string;
  readonly handler: string;
  readonly dataAccess: DataAccess;
  /** The function's time limit: one batch's sends run side by side, each stopped after 10 s. */
  readonly timeoutSeconds: number;
  /** Messages handed over at once. */
  readonly batchSize: number;
  /** Receives before the queue itself moves a message this function kept failing on to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Concurrent runs at most, so a burst of messages takes neither the account's Lambda concurrency from the API nor floods receivers. */
  readonly maxConcurrency: number;
}

/**
 * The webhook delivery queue → the sender: one attempt per message at one endpoint, retried by making the
 * message visible again at the backoff's time, spent ones to the dead-letter queue; it mails the owners and
 * admins of an endpoint it turns off (SendEmail and the web app's address).
 */
export const webhookSender = {
  name: 'WebhookSender',
  handler: 'functions/webhooks/sender',
  dataAccess: 'write',
  timeoutSeconds: 60,
  batchSize: 10,
  // 7 attempts (the backoff's 6 retries) and 3 more receives for runs that failed before recording theirs.
  maxReceiveCount: 10,
  maxConcurrency: 5,
} as const satisfies QueueConsumer;

// The asynchronously started workers and the reply leases their timing sets: a part of their own
// (shared/routes/workers.ts), which realtime/default imports instead of this whole table.
export { CHAT_REPLY_LEASE_SECONDS, exportWorker, importWorker, STOPPED_REPLY_LEASE_SECONDS, workerFunctions, type WorkerFunction } from './routes/workers.js';

export interface ScheduledJob {
  readonly name: string;
  readonly handler: string;
  /** EventBridge cron expression fields (UTC). */
  readonly cron: { readonly minute: string; readonly hour: string; readonly weekDay: string };
  /** The function's time limit: a job works through every workspace it concerns. */
  readonly timeoutSeconds: number;
  /** The job sends mail: it gets SendEmail on the mail identity and the web app's address. */
  readonly sendsMail?: boolean;
  /** Its mails carry unsubscribe links: it may read their key. */
  readonly usesMailLinks?: true;
  readonly dataAccess: DataAccess;
}

export const scheduledJobs: readonly ScheduledJob[] = [
  { name: 'WeeklyPlan', handler: 'functions/schedule/weekly-plan', cron: { minute: '0', hour: '6', weekDay: 'MON' }, timeoutSeconds: 900, dataAccess: 'write' },
  { name: 'DueDateReminders', handler: 'functions/schedule/due-date-reminders', cron: { minute: '0', hour: '*', weekDay: '*' }, timeoutSeconds: 900, sendsMail: true, usesMailLinks: true, dataAccess: 'write' },
  // Each hour, for the people whose local time is 07:00: the digest of mentions and assignments, the daily
  // digest of their tasks due today and late, and on Mondays the weekly review (issue 37).
  { name: 'MailDigests', handler: 'functions/schedule/mail-digests', cron: { minute: '0', hour: '*', weekDay: '*' }, timeoutSeconds: 900, sendsMail: true, usesMailLinks: true, dataAccess: 'write' },
];

/** CORS of the HTTP API; the CDK stack and the local gateway both apply exactly this. */
export const httpApiCors = {
  allowOrigins: ['*'],
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
  /** Read by the web app: when a refused (429) request may be tried again. */
  exposeHeaders: ['retry-after'],
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const,
  maxAgeSeconds: 600,
} as const;
