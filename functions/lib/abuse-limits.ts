import { ABUSE_LIMIT_VARIABLES, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './abuse-limit-settings.js';
import { optionalEnv } from './config.js';

export { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './abuse-limit-settings.js';

function positiveInteger(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not '${raw}'`);
  return value;
}

/** The limit from its environment variable, else its default. */
function limit(name: keyof AbuseLimits): number {
  return positiveInteger(ABUSE_LIMIT_VARIABLES[name], DEFAULT_ABUSE_LIMITS[name]);
}

/**
 * Limits on what one user may start that costs others something (mail to strangers, new workspaces, the
 * assistant's model bill). The defaults suit a team; an operator changes them as deployment settings
 * (infra/config.ts), which reach the functions that enforce them as environment variables (read once, at
 * module load; abuse-limit-settings.ts names them).
 */
export const abuseLimits: AbuseLimits = {
  invitationsPerHour: limit('invitationsPerHour'),
  invitationsPerDay: limit('invitationsPerDay'),
  workspacesPerDay: limit('workspacesPerDay'),
  socketConnectsPerIpPerMinute: limit('socketConnectsPerIpPerMinute'),
  assistantTokensPerUserPerDay: limit('assistantTokensPerUserPerDay'),
  assistantTokensPerWorkspacePerDay: limit('assistantTokensPerWorkspacePerDay'),
  apiTokenRequestsPerMinute: limit('apiTokenRequestsPerMinute'),
  agentCallsPerMinute: limit('agentCallsPerMinute'),
  exportsPerHour: limit('exportsPerHour'),
};
