import { optionalEnv } from './config.js';

/**
 * Limits on what one user may start that costs others something (mail to strangers, new workspaces). The
 * defaults suit a team; an operator may change them through the environment (read once, at module load).
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
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { invitationsPerHour: 20, invitationsPerDay: 100, workspacesPerDay: 10, socketConnectsPerIpPerMinute: 300,
  // About 100 replies with tools (each round reads the instructions, the tools and the conversation again).
  assistantTokensPerUserPerDay: 2_000_000,
  assistantTokensPerWorkspacePerDay: 20_000_000,
};

function positiveInteger(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not '${raw}'`);
  return value;
}

export const abuseLimits: AbuseLimits = {
  invitationsPerHour: positiveInteger('INVITATIONS_PER_USER_PER_HOUR', DEFAULT_ABUSE_LIMITS.invitationsPerHour),
  invitationsPerDay: positiveInteger('INVITATIONS_PER_USER_PER_DAY', DEFAULT_ABUSE_LIMITS.invitationsPerDay),
  workspacesPerDay: positiveInteger('WORKSPACES_PER_USER_PER_DAY', DEFAULT_ABUSE_LIMITS.workspacesPerDay),
  socketConnectsPerIpPerMinute: positiveInteger('SOCKET_CONNECTS_PER_IP_PER_MINUTE', DEFAULT_ABUSE_LIMITS.socketConnectsPerIpPerMinute),
  assistantTokensPerUserPerDay: positiveInteger('ASSISTANT_TOKENS_PER_USER_PER_DAY', DEFAULT_ABUSE_LIMITS.assistantTokensPerUserPerDay),
  assistantTokensPerWorkspacePerDay: positiveInteger('ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY', DEFAULT_ABUSE_LIMITS.assistantTokensPerWorkspacePerDay),
};
