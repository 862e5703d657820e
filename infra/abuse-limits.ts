import { ABUSE_LIMIT_NAMES, ABUSE_LIMIT_VARIABLES, type AbuseLimits } from '../functions/lib/abuse-limit-settings.js';
import { httpRoutes, routes, webSocketRoutes, type WebSocketRouteKey } from '../shared/routes.js';

const webSocketHandler = (routeKey: WebSocketRouteKey): string => {
  const route = webSocketRoutes.find((entry) => entry.routeKey === routeKey);
  if (!route) throw new Error(`No WebSocket route ${routeKey} in shared/routes.ts`);
  return route.handler;
};

const inviting = [routes.AddMember.handler, routes.SendInvitation.handler];

/**
 * The handlers that enforce each abuse limit (functions/lib/abuse-limits.ts). Their functions get the limit's
 * environment variable with the configured value (infra/config.ts); the other functions neither read nor get
 * it. A function that starts enforcing a limit and is missing here would run on the default, whatever the
 * setting says.
 */
export const abuseLimitEnforcers: { readonly [Name in keyof AbuseLimits]: readonly string[] } = {
  invitationsPerHour: inviting,
  invitationsPerDay: inviting,
  workspacesPerDay: [routes.CreateWorkspace.handler],
  socketConnectsPerIpPerMinute: [webSocketHandler('$connect')],
  // Checked before a message is answered; the chat worker only adds up what a reply spent.
  assistantTokensPerUserPerDay: [webSocketHandler('$default')],
  assistantTokensPerWorkspacePerDay: [webSocketHandler('$default')],
  // Counted by the route wrapper of every signed-in route (functions/lib/http-handler.ts).
  apiTokenRequestsPerMinute: httpRoutes.filter((route) => route.auth === 'user' && !route.refusesApiTokens).map((route) => route.handler),
  agentCallsPerMinute: [routes.McpMessage.handler],
  exportsPerHour: [routes.CreateWorkspaceExport.handler, routes.CreatePersonalExport.handler],
};

/** The environment variables of the limits `handler` enforces, with their configured values. */
export function abuseLimitEnvironment(handler: string, limits: AbuseLimits): Record<string, string> {
  return Object.fromEntries(
    ABUSE_LIMIT_NAMES.filter((name) => abuseLimitEnforcers[name].includes(handler)).map((name) => [ABUSE_LIMIT_VARIABLES[name], String(limits[name])]),
  );
}
