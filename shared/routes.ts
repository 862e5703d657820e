/**
 * The one route table. The CDK api/realtime/schedule stacks create a function per entry, and the local
 * gateways serve the same entries in process. Nothing else lists routes.
 *
 * `handler` is the module path (from the repository root, without extension) whose export `handler`
 * serves the route.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: no token needed. `user`: a valid Cognito token (the HTTP API JWT authorizer). */
export type AuthRule = 'public' | 'user';

export interface HttpRoute {
  /** Stable, unique name; used for the Lambda function's construct id. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/workspaces/{workspaceId}`. */
  readonly path: string;
  readonly handler: string;
  readonly auth: AuthRule;
  /** Sends mail through SES: only these functions get ses:SendEmail and the web app's URL for links. */
  readonly sendsMail?: true;
}

export const httpRoutes: readonly HttpRoute[] = [
  { name: 'Health', method: 'GET', path: '/health', handler: 'functions/http/health', auth: 'public' },
  { name: 'ListWorkspaces', method: 'GET', path: '/workspaces', handler: 'functions/http/workspaces/list', auth: 'user' },
  { name: 'CreateWorkspace', method: 'POST', path: '/workspaces', handler: 'functions/http/workspaces/create', auth: 'user' },
  { name: 'GetWorkspace', method: 'GET', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/get', auth: 'user' },
  // Projects and what they hold (issue 3): every path names the workspace, so membership is checked first.
  { name: 'ListProjects', method: 'GET', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/list', auth: 'user' },
  { name: 'CreateProject', method: 'POST', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/create', auth: 'user' },
  { name: 'GetProject', method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/get', auth: 'user' },
  { name: 'UpdateProject', method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/update', auth: 'user' },
  { name: 'DeleteProject', method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/delete', auth: 'user' },
  { name: 'CreateTask', method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks', handler: 'functions/http/tasks/create', auth: 'user' },
  { name: 'UpdateTask', method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/update', auth: 'user' },
  { name: 'MoveTask', method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/move', handler: 'functions/http/tasks/move', auth: 'user' },
  { name: 'DeleteTask', method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/delete', auth: 'user' },
  { name: 'CreateMilestone', method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones', handler: 'functions/http/milestones/create', auth: 'user' },
  { name: 'UpdateMilestone', method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}', handler: 'functions/http/milestones/update', auth: 'user' },
  { name: 'DeleteMilestone', method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}', handler: 'functions/http/milestones/delete', auth: 'user' },
  { name: 'CreateNote', method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/notes', handler: 'functions/http/notes/create', auth: 'user' },
  { name: 'UpdateNote', method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/update', auth: 'user' },
  { name: 'DeleteNote', method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/delete', auth: 'user' },
  // Members, invitations, workspace deletion and profiles (issue 4): roles are enforced in functions/domain.
  { name: 'DeleteWorkspace', method: 'DELETE', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/delete', auth: 'user' },
  { name: 'ListMembers', method: 'GET', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/list', auth: 'user' },
  { name: 'AddMember', method: 'POST', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/add', auth: 'user', sendsMail: true },
  { name: 'UpdateMemberRole', method: 'PATCH', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/update-role', auth: 'user' },
  { name: 'RemoveMember', method: 'DELETE', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/remove', auth: 'user' },
  { name: 'ListInvitations', method: 'GET', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/list', auth: 'user' },
  { name: 'SendInvitation', method: 'POST', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/send', auth: 'user', sendsMail: true },
  { name: 'RevokeInvitation', method: 'DELETE', path: '/workspaces/{workspaceId}/invitations/{email}', handler: 'functions/http/invitations/revoke', auth: 'user' },
  { name: 'GetProfile', method: 'GET', path: '/profile', handler: 'functions/http/profile/get', auth: 'user' },
  { name: 'UpdateProfile', method: 'PATCH', path: '/profile', handler: 'functions/http/profile/update', auth: 'user' },
];

export type WebSocketRouteKey = '$connect' | '$disconnect' | '$default';

export interface WebSocketRoute {
  readonly name: string;
  readonly routeKey: WebSocketRouteKey;
  readonly handler: string;
}

export const webSocketRoutes: readonly WebSocketRoute[] = [
  { name: 'WsConnect', routeKey: '$connect', handler: 'functions/realtime/connect' },
  { name: 'WsDisconnect', routeKey: '$disconnect', handler: 'functions/realtime/disconnect' },
  { name: 'WsDefault', routeKey: '$default', handler: 'functions/realtime/default' },
];

/** Functions fed by the table's stream (DynamoDB Streams in AWS, a stream poller locally). */
export const streamConsumers = [
  { name: 'RealtimeFanout', handler: 'functions/realtime/fanout' },
] as const;

export interface ScheduledJob {
  readonly name: string;
  readonly handler: string;
  /** EventBridge cron expression fields (UTC). */
  readonly cron: { readonly minute: string; readonly hour: string; readonly weekDay: string };
}

export const scheduledJobs: readonly ScheduledJob[] = [
  { name: 'WeeklyPlan', handler: 'functions/schedule/weekly-plan', cron: { minute: '0', hour: '6', weekDay: 'MON' } },
];

/** CORS of the HTTP API; the CDK stack and the local gateway both apply exactly this. */
export const httpApiCors = {
  allowOrigins: ['*'],
  allowHeaders: ['authorization', 'content-type'],
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const,
  maxAgeSeconds: 600,
} as const;
