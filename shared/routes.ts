import * as z from 'zod/mini';
import type { $ZodObject, $ZodType, input, output } from 'zod/v4/core';
import { projectIdParams, resourceId, workspaceIdParams } from './schemas/ids.js';
import {
  addMemberInput,
  EMAIL_MAX_LENGTH,
  invitationResultResponse,
  listInvitationsResponse,
  listMembersResponse,
  memberResponse,
  sendInvitationInput,
  updateMemberRoleInput,
} from './schemas/member.js';
import { profileResponse, updateProfileInput } from './schemas/profile.js';
import {
  createMilestoneInput,
  createNoteInput,
  createProjectInput,
  createTaskInput,
  listProjectsResponse,
  milestoneResponse,
  moveTaskInput,
  noteResponse,
  projectItems,
  projectResponse,
  taskResponse,
  updateMilestoneInput,
  updateNoteInput,
  updateProjectInput,
  updateTaskInput,
} from './schemas/project.js';
import { listTasksQuery, taskPage } from './schemas/task-index.js';
import { listNotesQuery, notePage } from './schemas/note-index.js';
import { searchQuery, searchResponse } from './schemas/search.js';
import { createLinkInput, linkResponse, listLinksResponse, updateLinkInput } from './schemas/link.js';
import { dashboardQuery, dashboardResponse } from './schemas/dashboard.js';
import { generateWeeklyPlanInput, weeklyPlanResponse } from './schemas/weekly-plan.js';
import { createWorkspaceInput, listWorkspacesResponse, updateWorkspaceInput, workspaceResponse } from './schemas/workspace.js';
import {
  authUrlResponse,
  connectGoogleAccountInput,
  createGoogleEventInput,
  googleAccountParams,
  googleAccountResponse,
  googleAccountsResponse,
  googleEventResponse,
  googleEventsResponse,
  listGoogleEventsQuery,
  saveCalendarSettingsInput,
} from './schemas/google-calendar.js';
import {
  conversationParams,
  conversationResponse,
  listConversationsResponse,
  renameConversationInput,
  renamedConversationResponse,
  undoToolInput,
  undoToolResponse,
} from './schemas/chat.js';

/**
 * The one route table and the API's contract. The CDK api/realtime/schedule stacks create a function per
 * entry, the local gateways serve the same entries in process, handlers get their path parameters, query
 * and body validated by the entry's schemas, and the web client builds every URL and parses every answer
 * from it. Nothing else lists routes.
 *
 * `handler` is the module path (from the repository root, without extension) whose export `handler`
 * serves the route. `response` is the schema of the success body; a route without one answers 204.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: no token needed. `user`: a valid Cognito token (the HTTP API JWT authorizer). */
export type AuthRule = 'public' | 'user';

/**
 * What a function may do to the table; its IAM policy grants exactly this (infra/constructs/app-function.ts).
 * `none`: no table access. `read`: GetItem, BatchGetItem, Query. `write`: read plus PutItem, UpdateItem,
 * DeleteItem, BatchWriteItem and ConditionCheckItem (transactions need the per-item actions they hold).
 * A GET is `read` unless its handler really writes; each such exception says why beside its entry.
 */
export type DataAccess = 'none' | 'read' | 'write';

/** Path parameters arrive as strings; their schema checks and may normalise them. */
type ParamsSchema = $ZodObject<Record<string, $ZodType<unknown, string>>>;

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/workspaces/{workspaceId}`. */
  readonly path: string;
  readonly handler: string;
  readonly auth: AuthRule;
  readonly dataAccess: DataAccess;
  /** Sends mail through SES: only these functions get ses:SendEmail and the web app's URL for links. */
  readonly sendsMail?: true;
  /** Calls Google: only these functions get the Google client settings, the secret and the token key. */
  readonly usesGoogle?: true;
  readonly status: 200 | 201 | 204;
  readonly params?: ParamsSchema;
  /** Query string parameters (strings; repeated keys joined with commas, as HTTP API does). */
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  readonly response?: $ZodType;
}

export interface HttpRoute extends RouteDefinition {
  /** Stable, unique name; used for the Lambda function's construct id. */
  readonly name: string;
}

/** An invitation's address in the path, as stored: trimmed and lower-cased (a valid one holds no '%'). */
const emailInPath = z.pipe(
  z.string().check(
    z.minLength(1, { error: 'Required', abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: `Must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true }),
  ),
  z.transform((raw: string) => {
    try {
      return decodeURIComponent(raw).trim().toLowerCase();
    } catch {
      return raw.trim().toLowerCase();
    }
  }),
);

const memberParams = z.extend(workspaceIdParams, { userId: resourceId() });
const taskParams = z.extend(projectIdParams, { taskId: resourceId() });
const milestoneParams = z.extend(projectIdParams, { milestoneId: resourceId() });
const noteParams = z.extend(projectIdParams, { noteId: resourceId() });
const linkParams = z.extend(workspaceIdParams, { linkId: resourceId() });

const routeTable = {
  Health: { method: 'GET', path: '/health', handler: 'functions/http/health', auth: 'public', dataAccess: 'none', status: 200, response: z.object({ status: z.literal('ok') }) },

  // A GET that writes: the first read after sign-in creates the caller's profile and accepts the
  // invitations waiting for their address.
  ListWorkspaces: {
    method: 'GET', path: '/workspaces', handler: 'functions/http/workspaces/list', auth: 'user', dataAccess: 'write', status: 200,
    response: listWorkspacesResponse,
  },
  CreateWorkspace: {
    method: 'POST', path: '/workspaces', handler: 'functions/http/workspaces/create', auth: 'user', dataAccess: 'write', status: 201,
    body: createWorkspaceInput, response: workspaceResponse,
  },
  GetWorkspace: {
    method: 'GET', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: workspaceResponse,
  },
  UpdateWorkspace: {
    method: 'PATCH', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/update', auth: 'user', dataAccess: 'write', status: 200,
    params: workspaceIdParams, body: updateWorkspaceInput, response: workspaceResponse,
  },
  DeleteWorkspace: {
    method: 'DELETE', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: workspaceIdParams,
  },

  // Projects: the list holds summaries (with child counts); a project's tasks, milestones and notes are
  // their own read.
  ListProjects: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listProjectsResponse,
  },
  CreateProject: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createProjectInput, response: projectResponse,
  },
  GetProject: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/get', auth: 'user', dataAccess: 'read', status: 200,
    params: projectIdParams, response: projectResponse,
  },
  ListProjectItems: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}/items', handler: 'functions/http/projects/items', auth: 'user', dataAccess: 'read',
    status: 200, params: projectIdParams, response: projectItems,
  },
  UpdateProject: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/update', auth: 'user', dataAccess: 'write',
    status: 200, params: projectIdParams, body: updateProjectInput, response: projectResponse,
  },
  DeleteProject: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/delete', auth: 'user', dataAccess: 'write',
    status: 204, params: projectIdParams,
  },

  // The workspace-wide task index: cross-project questions, one Query per page.
  ListTasks: {
    method: 'GET', path: '/workspaces/{workspaceId}/tasks', handler: 'functions/http/tasks/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: listTasksQuery, response: taskPage,
  },
  CreateTask: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks', handler: 'functions/http/tasks/create', auth: 'user', dataAccess: 'write',
    status: 201, params: projectIdParams, body: createTaskInput, response: taskResponse,
  },
  UpdateTask: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/update',
    auth: 'user', dataAccess: 'write', status: 200, params: taskParams, body: updateTaskInput, response: taskResponse,
  },
  MoveTask: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/move', handler: 'functions/http/tasks/move',
    auth: 'user', dataAccess: 'write', status: 200, params: taskParams, body: moveTaskInput, response: taskResponse,
  },
  DeleteTask: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: taskParams,
  },
  CreateMilestone: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones', handler: 'functions/http/milestones/create',
    auth: 'user', dataAccess: 'write', status: 201, params: projectIdParams, body: createMilestoneInput, response: milestoneResponse,
  },
  UpdateMilestone: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}',
    handler: 'functions/http/milestones/update', auth: 'user', dataAccess: 'write', status: 200, params: milestoneParams, body: updateMilestoneInput,
    response: milestoneResponse,
  },
  DeleteMilestone: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}',
    handler: 'functions/http/milestones/delete', auth: 'user', dataAccess: 'write', status: 204, params: milestoneParams,
  },
  ListNotes: {
    method: 'GET', path: '/workspaces/{workspaceId}/notes', handler: 'functions/http/notes/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: listNotesQuery, response: notePage,
  },
  CreateNote: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/notes', handler: 'functions/http/notes/create', auth: 'user', dataAccess: 'write',
    status: 201, params: projectIdParams, body: createNoteInput, response: noteResponse,
  },
  UpdateNote: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/update',
    auth: 'user', dataAccess: 'write', status: 200, params: noteParams, body: updateNoteInput, response: noteResponse,
  },
  DeleteNote: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: noteParams,
  },

  // The header's search: projects, tasks, notes and links by the words of their titles (and notes' text).
  SearchWorkspace: {
    method: 'GET', path: '/workspaces/{workspaceId}/search', handler: 'functions/http/search/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: searchQuery, response: searchResponse,
  },

  // Links: a workspace's bookmarks, for its members (no server-side request is ever made to their urls).
  ListLinks: {
    method: 'GET', path: '/workspaces/{workspaceId}/links', handler: 'functions/http/links/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listLinksResponse,
  },
  CreateLink: {
    method: 'POST', path: '/workspaces/{workspaceId}/links', handler: 'functions/http/links/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createLinkInput, response: linkResponse,
  },
  UpdateLink: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/links/{linkId}', handler: 'functions/http/links/update', auth: 'user', dataAccess: 'write', status: 200,
    params: linkParams, body: updateLinkInput, response: linkResponse,
  },
  DeleteLink: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/links/{linkId}', handler: 'functions/http/links/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: linkParams,
  },

  // Members, invitations and profiles: roles are enforced in functions/domain.
  ListMembers: {
    method: 'GET', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listMembersResponse,
  },
  AddMember: {
    method: 'POST', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/add', auth: 'user', dataAccess: 'write', sendsMail: true,
    status: 201, params: workspaceIdParams, body: addMemberInput, response: memberResponse,
  },
  UpdateMemberRole: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/update-role', auth: 'user', dataAccess: 'write',
    status: 200, params: memberParams, body: updateMemberRoleInput, response: memberResponse,
  },
  RemoveMember: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/remove', auth: 'user', dataAccess: 'write',
    status: 204, params: memberParams,
  },
  // The caller's own membership: Leave Workspace (not the owner), and seeing the "you were added" notice.
  LeaveWorkspace: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/membership', handler: 'functions/http/members/leave', auth: 'user',
    dataAccess: 'write', status: 204, params: workspaceIdParams,
  },
  AcknowledgeMembershipNotice: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/membership/notice', handler: 'functions/http/members/acknowledge-notice',
    auth: 'user', dataAccess: 'write', status: 204, params: workspaceIdParams,
  },
  ListInvitations: {
    method: 'GET', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listInvitationsResponse,
  },
  SendInvitation: {
    method: 'POST', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/send', auth: 'user', dataAccess: 'write',
    sendsMail: true, status: 201, params: workspaceIdParams, body: sendInvitationInput, response: invitationResultResponse,
  },
  RevokeInvitation: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/invitations/{email}', handler: 'functions/http/invitations/revoke', auth: 'user', dataAccess: 'write',
    status: 204, params: z.extend(workspaceIdParams, { email: emailInPath }),
  },
  // The assistant: each user's conversations in a workspace (the chat itself streams over the WebSocket).
  ListConversations: {
    method: 'GET', path: '/workspaces/{workspaceId}/conversations', handler: 'functions/http/conversations/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listConversationsResponse,
  },
  GetConversation: {
    method: 'GET', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/get',
    auth: 'user', dataAccess: 'read', status: 200, params: conversationParams, response: conversationResponse,
  },
  RenameConversation: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/rename',
    auth: 'user', dataAccess: 'write', status: 200, params: conversationParams, body: renameConversationInput, response: renamedConversationResponse,
  },
  DeleteConversation: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: conversationParams,
  },
  UndoAssistantWrite: {
    method: 'POST', path: '/workspaces/{workspaceId}/assistant/undo', handler: 'functions/http/conversations/undo', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: undoToolInput, response: undoToolResponse,
  },
  // The dashboard's figures, counted on the server from the project summaries and the task index.
  GetDashboard: {
    method: 'GET', path: '/workspaces/{workspaceId}/dashboard', handler: 'functions/http/dashboard/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: dashboardQuery, response: dashboardResponse,
  },
  // The weekly plan: places the pending tasks on the next 7 days and sets their due dates (spec core §7).
  GenerateWeeklyPlan: {
    method: 'POST', path: '/workspaces/{workspaceId}/weekly-plan', handler: 'functions/http/weekly-plan/generate', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: generateWeeklyPlanInput, response: weeklyPlanResponse,
  },
  // Google Calendar: the caller's own connected accounts in the workspace (spec pages §7 google-calendar-*).
  // A GET that writes: it stores the OAuth state the connect call later takes.
  GetGoogleAuthUrl: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/auth-url', handler: 'functions/http/google-calendar/auth-url', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 200, params: workspaceIdParams, response: authUrlResponse,
  },
  ConnectGoogleAccount: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/accounts', handler: 'functions/http/google-calendar/connect', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 201, params: workspaceIdParams, body: connectGoogleAccountInput, response: googleAccountResponse,
  },
  ListGoogleAccounts: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/accounts', handler: 'functions/http/google-calendar/list-accounts', auth: 'user', dataAccess: 'read',
    status: 200, params: workspaceIdParams, response: googleAccountsResponse,
  },
  DisconnectGoogleAccount: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/google-calendar/accounts/{accountId}', handler: 'functions/http/google-calendar/disconnect',
    auth: 'user', dataAccess: 'write', usesGoogle: true, status: 204, params: googleAccountParams,
  },
  SaveGoogleCalendarSettings: {
    method: 'PUT', path: '/workspaces/{workspaceId}/google-calendar/accounts/{accountId}/calendars',
    handler: 'functions/http/google-calendar/save-settings', auth: 'user', dataAccess: 'write', usesGoogle: true, status: 200, params: googleAccountParams,
    body: saveCalendarSettingsInput, response: googleAccountResponse,
  },
  SyncGoogleCalendar: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/sync', handler: 'functions/http/google-calendar/sync', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 200, params: workspaceIdParams, response: googleAccountsResponse,
  },
  ListGoogleEvents: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/events', handler: 'functions/http/google-calendar/list-events', auth: 'user', dataAccess: 'read',
    status: 200, params: workspaceIdParams, query: listGoogleEventsQuery, response: googleEventsResponse,
  },
  CreateGoogleEvent: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/events', handler: 'functions/http/google-calendar/create-event', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 201, params: workspaceIdParams, body: createGoogleEventInput, response: googleEventResponse,
  },
  // A GET that writes: it creates a missing profile and follows a changed sign-in address.
  GetProfile: {
    method: 'GET', path: '/profile', handler: 'functions/http/profile/get', auth: 'user', dataAccess: 'write', status: 200,
    response: profileResponse,
  },
  UpdateProfile: {
    method: 'PATCH', path: '/profile', handler: 'functions/http/profile/update', auth: 'user', dataAccess: 'write', status: 200,
    body: updateProfileInput, response: profileResponse,
  },
} as const satisfies Record<string, RouteDefinition>;

type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;

/** Every route by name, each carrying its name (the table's key). */
export const routes = Object.fromEntries(Object.entries(routeTable).map(([name, route]) => [name, { ...route, name }])) as {
  readonly [K in RouteName]: RouteTable[K] & { readonly name: K };
};

export const httpRoutes: readonly HttpRoute[] = Object.values(routes);

// --- what a route's schemas make of a request and its answer ---------------------------------------------

type OutputOf<S> = S extends $ZodType ? output<S> : undefined;
type InputOf<S> = S extends $ZodType ? input<S> : undefined;

/** Validated path parameters, query and body as a handler receives them. */
export type RouteParams<R extends RouteDefinition> = R extends { params: infer S } ? OutputOf<S> : Record<string, never>;
export type RouteQuery<R extends RouteDefinition> = R extends { query: infer S } ? OutputOf<S> : undefined;
export type RouteBody<R extends RouteDefinition> = R extends { body: infer S } ? OutputOf<S> : undefined;
/** What a client sends: path parameters as strings, query and body before defaults are applied. */
export type RouteParamsInput<R extends RouteDefinition> = R extends { params: infer S } ? InputOf<S> : Record<string, never>;
export type RouteQueryInput<R extends RouteDefinition> = R extends { query: infer S } ? InputOf<S> : undefined;
export type RouteBodyInput<R extends RouteDefinition> = R extends { body: infer S } ? InputOf<S> : undefined;
/** The success body: what the handler returns and what the client gets back parsed. */
export type RouteResponse<R extends RouteDefinition> = R extends { response: infer S } ? OutputOf<S> : undefined;
/** What a handler resolves to; on a route without a response (204) it is ignored. */
export type RouteResponseInput<R extends RouteDefinition> = R extends { response: infer S } ? InputOf<S> : unknown;

/** The names of a path's `{parameters}`, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

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
}

/** Functions fed by the table's stream (DynamoDB Streams in AWS, a stream poller locally). */
export const streamConsumers = [
  // Stores activity events and drops the subscriptions of users who left a workspace.
  { name: 'RealtimeFanout', handler: 'functions/realtime/fanout', dataAccess: 'write' },
] as const satisfies readonly StreamConsumer[];

/**
 * Functions that other functions start asynchronously (a Lambda Event invocation) for work longer than a
 * route may take: the chat worker streams an assistant reply for up to `timeoutSeconds`.
 */
export interface WorkerFunction {
  readonly name: string;
  readonly handler: string;
  readonly timeoutSeconds: number;
  readonly dataAccess: DataAccess;
}

export const workerFunctions = [{ name: 'ChatWorker', handler: 'functions/ai/chat-worker', timeoutSeconds: 300, dataAccess: 'write' }] as const satisfies readonly WorkerFunction[];

export interface ScheduledJob {
  readonly name: string;
  readonly handler: string;
  /** EventBridge cron expression fields (UTC). */
  readonly cron: { readonly minute: string; readonly hour: string; readonly weekDay: string };
  /** The function's time limit: a job works through every workspace it concerns. */
  readonly timeoutSeconds: number;
  /** The job sends mail: it gets SendEmail on the mail identity and the web app's address. */
  readonly sendsMail?: boolean;
  readonly dataAccess: DataAccess;
}

export const scheduledJobs: readonly ScheduledJob[] = [
  { name: 'WeeklyPlan', handler: 'functions/schedule/weekly-plan', cron: { minute: '0', hour: '6', weekDay: 'MON' }, timeoutSeconds: 900, dataAccess: 'write' },
  { name: 'DueDateReminders', handler: 'functions/schedule/due-date-reminders', cron: { minute: '0', hour: '7', weekDay: '*' }, timeoutSeconds: 900, sendsMail: true, dataAccess: 'write' },
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
