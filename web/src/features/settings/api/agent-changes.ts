import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationsRoutes } from '@shared/routes/conversations';
import { mcpRoutes } from '@shared/routes/mcp';
import type { AgentChangeView } from '@shared/schemas/agent-change';
import { callRoute } from '@/lib/api-client';

export type { AgentChangeView };

export const LOAD_AGENT_CHANGES_FAILED = 'Failed to load the changes made by AI agents.';
export const UNDO_AGENT_CHANGE_FAILED = 'Failed to undo the change. Please try again.';

const agentChangesKey = ['agent-changes'] as const;

/** What outside AI agents (MCP clients) did as the user in the last day, newest first. */
export function agentChangesQueryOptions() {
  return queryOptions({ queryKey: agentChangesKey, queryFn: async ({ signal }) => (await callRoute(mcpRoutes.ListAgentChanges, { signal })).changes });
}

/** Takes back one agent change with the assistant's undo (same rules: only while nobody changed the item since). */
export function useUndoAgentChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Pick<AgentChangeView, 'workspaceId' | 'token'>) =>
      (await callRoute(conversationsRoutes.UndoAssistantWrite, { params: { workspaceId: change.workspaceId }, body: { token: change.token } })).message,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentChangesKey }),
  });
}
