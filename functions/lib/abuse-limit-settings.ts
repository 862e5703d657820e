/**
 * The abuse limits, their defaults and the environment variables that set them: data only, read by the functions
 * (abuse-limits.ts) and by the CDK app (infra/config.ts, infra/abuse-limits.ts), which makes each a deployment
 * setting with these same defaults. Importing this reads no environment.
 */
export interface AbuseLimits {
  /** Invitation and Add Member mails one user sends per clock hour, across all workspaces. */
  readonly invitationsPerHour: number;
  /** The same per UTC day. */
  readonly invitationsPerDay: number;
  /** Workspaces one user creates per UTC day. */
  readonly workspacesPerDay: number;
  /**
   * WebSocket connections opened from one IP address per clock minute. An office behind one NAT shares an
   * address, and every tab reconnects after a deploy or a network change: generous for them, a wall for a flood.
   */
  readonly socketConnectsPerIpPerMinute: number;
  /**
   * Model tokens (read and written) the assistant may spend per UTC day for one user, across workspaces, and
   * for one workspace, across its members: what caps the deployment's model bill. A reply under way finishes.
   */
  readonly assistantTokensPerUserPerDay: number;
  readonly assistantTokensPerWorkspacePerDay: number;
  /** Requests one personal API token makes per clock minute (429 with Retry-After beyond). */
  readonly apiTokenRequestsPerMinute: number;
  /**
   * MCP tool calls one user's agents make per clock minute, across their tokens: the assistant's own pace (25
   * per reply), a little more (the tool's error beyond).
   */
  readonly agentCallsPerMinute: number;
  /** Exports (a workspace's, a project's or one's own data) one user asks for per clock hour: each reads a whole workspace. */
  readonly exportsPerHour: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { invitationsPerHour: 20, invitationsPerDay: 100, workspacesPerDay: 10, socketConnectsPerIpPerMinute: 300,
  // About 100 replies with tools (each round reads the instructions, the tools and the conversation again).
  assistantTokensPerUserPerDay: 2_000_000,
  assistantTokensPerWorkspacePerDay: 20_000_000,
  apiTokenRequestsPerMinute: 120,
  agentCallsPerMinute: 60,
  exportsPerHour: 10,
};

/** The environment variable of each limit: a positive integer; unset, the default applies. */
export const ABUSE_LIMIT_VARIABLES: { readonly [Name in keyof AbuseLimits]: string } = {
  invitationsPerHour: 'INVITATIONS_PER_USER_PER_HOUR',
  invitationsPerDay: 'INVITATIONS_PER_USER_PER_DAY',
  workspacesPerDay: 'WORKSPACES_PER_USER_PER_DAY',
  socketConnectsPerIpPerMinute: 'SOCKET_CONNECTS_PER_IP_PER_MINUTE',
  assistantTokensPerUserPerDay: 'ASSISTANT_TOKENS_PER_USER_PER_DAY',
  assistantTokensPerWorkspacePerDay: 'ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY',
  apiTokenRequestsPerMinute: 'API_TOKEN_REQUESTS_PER_MINUTE',
  agentCallsPerMinute: 'AGENT_CALLS_PER_USER_PER_MINUTE',
  exportsPerHour: 'EXPORTS_PER_USER_PER_HOUR',
};

/** Every limit's name, in the order above. */
export const ABUSE_LIMIT_NAMES = Object.keys(ABUSE_LIMIT_VARIABLES) as (keyof AbuseLimits)[];
