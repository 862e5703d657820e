import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerMessage, WorkspaceChange } from '@shared/realtime';
import { memberKeys } from '@/lib/workspace-members';
import { refreshProjectSummary } from '@/features/projects/api/get-projects';
import { cachedItems, cachedProjects, removeItem, removeProject, type ItemList } from '@/features/projects/api/project-cache';
import { projectKeys } from '@/features/projects/api/query-keys';
import { applyConversationChanges } from '@/features/assistant/api/conversation-changes';
import { applyLinkChange } from '@/features/links/api/link-cache';
import { savedPlanKey } from '@/features/weekly-plan/api/weekly-plan';
import { workspacesQueryOptions } from '@/features/workspaces/api/get-workspaces';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useRealtime } from '@/lib/realtime';
import { taskIndexChanged, taskVersionInPages, workspaceActivityChanged } from '@/lib/task-index-cache';

const itemLists: Partial<Record<WorkspaceChange['entity'], ItemList>> = { task: 'tasks', milestone: 'milestones', note: 'notes' };

/**
 * The cache's copy of the changed item: undefined when the cache does not hold it, null when it cannot
 * tell (the project's items are not loaded, nor the task in a list of /tasks).
 */
function cachedCopy(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): { version: number } | undefined | null {
  if (change.entity === 'project') return cachedProjects(queryClient, workspaceId)?.find((project) => project.id === change.id);
  const list = itemLists[change.entity];
  const items = list && change.projectId ? cachedItems(queryClient, workspaceId, change.projectId) : undefined;
  if (list && items) return (items[list] as readonly { id: string; version: number }[]).find((item) => item.id === change.id);
  // Without the project's items (on /tasks), the task as the paged lists hold it: a write made there.
  const version = change.entity === 'task' && change.id && !change.deleted ? taskVersionInPages(queryClient, workspaceId, change.id) : undefined;
  return version === undefined ? null : { version };
}

/** True when the cache already shows this change: the user's own write coming back, or an older one. */
function alreadyShown(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): boolean {
  const copy = cachedCopy(queryClient, workspaceId, change);
  if (copy === null) return false;
  if (change.deleted) return copy === undefined;
  return copy !== undefined && change.version !== undefined && copy.version >= change.version;
}

/** Brings the cache up to one named change of a workspace, reading no more than that change needs. */
function applyChange(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): void {
  switch (change.entity) {
    case 'workspace':
      void queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });
      return;
    case 'member':
      void queryClient.invalidateQueries({ queryKey: memberKeys.members(workspaceId) });
      return;
    case 'invitation':
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(workspaceId) });
      return;
    case 'link':
      applyLinkChange(queryClient, workspaceId, change);
      return;
    case 'plan':
      void queryClient.invalidateQueries({ queryKey: savedPlanKey(workspaceId) });
      return;
    case 'project':
      if (!change.id || alreadyShown(queryClient, workspaceId, change)) return;
      if (change.deleted) removeProject(queryClient, workspaceId, change.id);
      else void refreshProjectSummary(queryClient, workspaceId, change.id);
      return;
    default: {
      const list = itemLists[change.entity];
      if (!list || !change.id || !change.projectId) return;
      const shown = alreadyShown(queryClient, workspaceId, change);
      // The project's items, read before the item was made, can lack an item that the views across projects
      // (/calendar, /tasks, the week, /notes) show: a deletion reloads those whatever the items say.
      if (shown && !change.deleted) return;
      if (!shown) {
        // Someone else's write: the item (or the whole project, if it is on screen) and the project's counts.
        if (change.deleted) removeItem(queryClient, workspaceId, change.projectId, list, change.id);
        else void queryClient.invalidateQueries({ queryKey: projectKeys.items(workspaceId, change.projectId) });
        void refreshProjectSummary(queryClient, workspaceId, change.projectId);
      }
      taskIndexChanged(queryClient, workspaceId);
      if (change.entity === 'note') void queryClient.invalidateQueries({ queryKey: projectKeys.notes(workspaceId) });
    }
  }
}

/** What a push means for the cache (exported for its unit test). */
export function applyPush(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type === 'workspaces.changed') {
    void queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });
  } else if (message.type === 'workspace.changed') {
    // Without names (too many changes at once), everything of the workspace may have changed.
    if (!message.changes) void queryClient.invalidateQueries({ queryKey: ['workspaces', message.workspaceId] });
    else message.changes.forEach((change) => applyChange(queryClient, message.workspaceId, change));
    workspaceActivityChanged(queryClient, message.workspaceId);
  } else if (message.type === 'conversations.changed') {
    applyConversationChanges(queryClient, message);
  } else if (message.type === 'subscribed') {
    refreshAfterWrites(queryClient);
  }
}

/**
 * Pushes reach this tab from now on; a change made between a read and now was pushed to nobody here (the
 * first load, a workspace switch, a reconnect), so everything read is refreshed. Not while a write of this
 * tab is under way (opening a workspace from its notice also acknowledges the notice): a read made then
 * would bring back what the write is replacing; the refresh waits until the writes are answered. Reads
 * still under way are left to finish, not restarted.
 */
function refreshAfterWrites(queryClient: QueryClient): void {
  const refresh = () => void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
  if (queryClient.isMutating() === 0) return refresh();
  const stopWaiting = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    stopWaiting();
    refresh();
  });
}

/**
 * Keeps the cache live: subscribes to the current workspace on every (re)connect, applies each push to
 * the cache, and once the subscription is confirmed refreshes what was read before it, since a push may
 * have been missed (without a workspace, at once after a reconnect).
 */
export function RealtimeSync() {
  const { send, status, connectionCount, subscribe } = useRealtime();
  const { currentWorkspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const currentWorkspaceId = currentWorkspace?.id;

  useEffect(() => {
    if (status === 'open' && currentWorkspaceId) send({ action: 'subscribe', workspaceId: currentWorkspaceId });
  }, [status, connectionCount, currentWorkspaceId, send]);

  useEffect(() => subscribe((message) => applyPush(queryClient, message)), [subscribe, queryClient]);

  useEffect(() => {
    if (connectionCount > 1 && !currentWorkspaceId) void queryClient.invalidateQueries();
  }, [connectionCount, currentWorkspaceId, queryClient]);

  return null;
}
