import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ABUSE_LIMIT_NAMES, ABUSE_LIMIT_VARIABLES, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../../functions/lib/abuse-limit-settings.js';
import { abuseLimitEnforcers } from '../../infra/abuse-limits.js';
import { loadConfig, type AppConfig } from '../../infra/config.js';
import { functionHandlers } from '../../infra/constructs/bundling.js';
import { httpRoutes, scheduledJobs, streamConsumers, webSocketRoutes, workerFunctions } from '../../shared/routes.js';
import { buildTestApp, minimalConfig, templateOf } from './app-fixture.js';

/** Every limit set, each to a value of its own that is no default. */
const configured: AbuseLimits = {
  invitationsPerHour: 7,
  invitationsPerDay: 70,
  workspacesPerDay: 3,
  socketConnectsPerIpPerMinute: 120,
  assistantTokensPerUserPerDay: 750_000,
  assistantTokensPerWorkspacePerDay: 9_000_000,
  apiTokenRequestsPerMinute: 90,
  agentCallsPerMinute: 45,
  exportsPerHour: 4,
};
const configuredConfig = loadConfig(
  () => undefined,
  Object.fromEntries(ABUSE_LIMIT_NAMES.map((name) => [`TASKFLOW_${ABUSE_LIMIT_VARIABLES[name]}`, String(configured[name])])),
);

const entries = [...httpRoutes, ...webSocketRoutes, ...workerFunctions, ...streamConsumers, ...scheduledJobs];

/** Each function's environment variables, by its name in shared/routes.ts, across the stacks that hold functions. */
function variablesByName(templates: readonly Template[]): Map<string, Record<string, unknown>> {
  const functions = templates.flatMap((template) => Object.entries(template.findResources('AWS::Lambda::Function')));
  return new Map(
    entries.map((entry) => {
      const found = functions.filter(([id]) => id.startsWith(`${entry.name}Function`));
      expect(found, entry.name).toHaveLength(1);
      return [entry.name, (found[0]?.[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables];
    }),
  );
}

function templatesOf(config: AppConfig): Template[] {
  const { stacks } = buildTestApp(config);
  return [stacks.api, stacks.realtime, stacks.schedule].map(templateOf);
}

describe('abuse limits as deployment settings', () => {
  const withSettings = variablesByName(templatesOf(configuredConfig));
  const withDefaults = variablesByName(templatesOf(minimalConfig));

  it('gives the $default WebSocket function, which refuses a message once a budget is spent, the configured daily token budgets', () => {
    expect(withSettings.get('WsDefault')).toMatchObject({ ASSISTANT_TOKENS_PER_USER_PER_DAY: '750000', ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY: '9000000' });
  });

  it("gives it the functions' own default budgets when none is configured", () => {
    expect(withDefaults.get('WsDefault')).toMatchObject({
      ASSISTANT_TOKENS_PER_USER_PER_DAY: String(DEFAULT_ABUSE_LIMITS.assistantTokensPerUserPerDay),
      ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY: String(DEFAULT_ABUSE_LIMITS.assistantTokensPerWorkspacePerDay),
    });
  });

  it('gives the invitation, workspace and connect limits to AddMember, SendInvitation, CreateWorkspace and WsConnect', () => {
    for (const name of ['AddMember', 'SendInvitation']) {
      expect(withSettings.get(name), name).toMatchObject({ INVITATIONS_PER_USER_PER_HOUR: '7', INVITATIONS_PER_USER_PER_DAY: '70' });
    }
    expect(withSettings.get('CreateWorkspace')).toMatchObject({ WORKSPACES_PER_USER_PER_DAY: '3' });
    expect(withSettings.get('WsConnect')).toMatchObject({ SOCKET_CONNECTS_PER_IP_PER_MINUTE: '120' });
  });

  it("gives the MCP server, which counts agents' tool calls, their limit per minute", () => {
    expect(withSettings.get('McpMessage')).toMatchObject({ AGENT_CALLS_PER_USER_PER_MINUTE: '45' });
    expect(withDefaults.get('McpMessage')).toMatchObject({ AGENT_CALLS_PER_USER_PER_MINUTE: String(DEFAULT_ABUSE_LIMITS.agentCallsPerMinute) });
  });

  it.each(ABUSE_LIMIT_NAMES)('gives %s to the functions that enforce it and to no other', (limit) => {
    const variable = ABUSE_LIMIT_VARIABLES[limit];
    const holders = entries.filter((entry) => withSettings.get(entry.name)?.[variable] !== undefined);
    expect(holders.map((entry) => entry.handler).sort()).toEqual([...abuseLimitEnforcers[limit]].sort());
    for (const entry of holders) expect(withSettings.get(entry.name)?.[variable], entry.name).toBe(String(configured[limit]));
  });

  it('names only handlers that exist', () => {
    const handlers = functionHandlers();
    for (const limit of ABUSE_LIMIT_NAMES) expect(handlers).toEqual(expect.arrayContaining([...abuseLimitEnforcers[limit]]));
  });
});
