import type { AgentChangeView } from '../../shared/schemas/agent-change.js';
import { latestAgentChanges, putAgentChange } from '../data/agent-changes.js';
import { getUndoStates } from '../data/chat-runs.js';
import type { Caller } from '../lib/caller.js';
import { getWorkspaces } from '../data/workspace.js';
import { listMembershipsOfUser } from '../data/membership.js';

/** Settings lists this many of the latest changes (a day's worth for any agent a person would run). */
export const AGENT_CHANGES_LISTED = 50;

/** Keeps a write an outside agent made through MCP (its undo token from the tool), for Settings to list and undo. */
export function recordAgentChange(caller: Caller, change: { workspaceId: string; token: string; tool: string; label: string; agentName: string }): Promise<void> {
  return putAgentChange(caller.userId, { ...change, madeAt: new Date().toISOString() });
}

/**
 * The caller's latest agent changes, newest first, with each workspace's name and whether the change was
 * undone since (the undo items, one batch read per workspace).
 */
export async function listAgentChangesFor(caller: Caller): Promise<AgentChangeView[]> {
  const [changes, memberships] = await Promise.all([latestAgentChanges(caller.userId, AGENT_CHANGES_LISTED), listMembershipsOfUser(caller.userId)]);
  const workspaces = await getWorkspaces(memberships.map((membership) => membership.workspaceId));
  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  const workspaceIds = [...new Set(changes.map((change) => change.workspaceId))];
  const states = new Map(
    await Promise.all(
      workspaceIds.map(async (workspaceId) => {
        const tokens = changes.filter((change) => change.workspaceId === workspaceId).map((change) => change.token);
        return [workspaceId, await getUndoStates(workspaceId, caller.userId, tokens)] as const;
      }),
    ),
  );
  return changes.map((change) => ({
    ...change,
    workspaceName: names.get(change.workspaceId) ?? null,
    undoneMessage: states.get(change.workspaceId)?.get(change.token)?.undoneMessage ?? null,
  }));
}
