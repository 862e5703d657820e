/**
 * The abuse limits the integration stack runs with: far above what any test sends as one user (a team's
 * owner adds dozens of people across a file), so only the limit tests meet them, by filling the counters.
 */
export const integrationAbuseLimits = { invitationsPerHour: 1000, invitationsPerDay: 5000, workspacesPerDay: 1000, socketConnectsPerIpPerMinute: 1000, assistantTokensPerUserPerDay: 2_000_000, assistantTokensPerWorkspacePerDay: 20_000_000, apiTokenRequestsPerMinute: 120, agentCallsPerMinute: 60, exportsPerHour: 10 } as const;

/** The environment that sets them (functions/lib/abuse-limits.ts). */
export const integrationAbuseLimitsEnvironment = {
  INVITATIONS_PER_USER_PER_HOUR: String(integrationAbuseLimits.invitationsPerHour),
  INVITATIONS_PER_USER_PER_DAY: String(integrationAbuseLimits.invitationsPerDay),
  WORKSPACES_PER_USER_PER_DAY: String(integrationAbuseLimits.workspacesPerDay),
  SOCKET_CONNECTS_PER_IP_PER_MINUTE: String(integrationAbuseLimits.socketConnectsPerIpPerMinute),
  ASSISTANT_TOKENS_PER_USER_PER_DAY: String(integrationAbuseLimits.assistantTokensPerUserPerDay),
  ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY: String(integrationAbuseLimits.assistantTokensPerWorkspacePerDay),
  API_TOKEN_REQUESTS_PER_MINUTE: String(integrationAbuseLimits.apiTokenRequestsPerMinute),
  AGENT_CALLS_PER_USER_PER_MINUTE: String(integrationAbuseLimits.agentCallsPerMinute),
  EXPORTS_PER_USER_PER_HOUR: String(integrationAbuseLimits.exportsPerHour),
};
