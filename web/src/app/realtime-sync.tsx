import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerMessage, WorkspaceChange } from '@shared/realtime';
import { memberKeys } from '@/features/members/api/workspace-members';
import {
  cachedItems,
  cachedProjects,
  crossProjectReadsChanged,
  isNewerSummary,
  putItem,
  putProject,
  removeItem,
  removeProject,
  type ItemList,
} from '@/features/projects/api/project-cache';
import { projectKeys } from '@/features/projects/api/query-keys';
import { applyConversationChanges } from '@/features/assistant/api/conversation-changes';
import { applyLinkChange } from '@/features/links/api/link-cache';
import { trashKeys } from '@/features/trash';
import { labelKeys } from '@/features/labels';
import { inboxKeys } from '@/features/inbox/api/inbox';
import { savedPlanKey } from '@/features/weekly-plan/api/weekly-plan';
import { workspacesQueryOptions } from '@/features/workspaces/api/get-workspaces';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useRealtime } from '@/lib/realtime';
import { markStale, reloadIfReading } from '@/lib/stale-queries';
import { taskVersionInPages, workspaceActivityChanged } from '@/features/projects/api/task-index-cache';

type ProjectItemChange = Extract<WorkspaceChange, { entity: 'task' | 'milestone' | 'note' }>;
const itemLists = { task: 'tasks', milestone: 'milestones', note: 'notes' } as const satisfies Record<ProjectItemChange['entity'], ItemList>;

/**
 * The cache's copy of the changed item: undefined when the cache does not hold it, null when it cannot
 * tell (the project's items are not loaded, nor the task in a list of /tasks).
 */
function cachedCopy(queryClient: QueryClient, workspaceId: string, change: ProjectItemChange): { version: number } | undefined | null {
  const list = itemLists[change.entity];
  const items = change.projectId ? cachedItems(queryClient, workspaceId, change.projectId) : undefined;
  if (items) return (items[list] as readonly { id: string; version: number }[]).find((item) => item.id === change.id);
  // Without the project's items (on /tasks), the task as the paged lists hold it: a write of this tab put it there.
  const version = change.entity === 'task' && change.id && !change.deleted ? taskVersionInPages(queryClient, workspaceId, change.id) : undefined;
  return version === undefined ? null : { version };
}

/** True when the cache already shows this change: the user's own write coming back, or an older one. */
function alreadyShown(queryClient: QueryClient, workspaceId: string, change: ProjectItemChange): boolean {
  const copy = cachedCopy(queryClient, workspaceId, change);
  if (copy === null) return false;
  if (change.deleted) return copy === undefined;
  return copy !== undefined && change.version !== undefined && copy.version >= change.version;
}

/**
 * A task, milestone or note: put in (or taken out of) its project's cached items from the view the push
 * carries; only an item too large for a push has its project's items read. The reads across projects
 * (/tasks, /calendar, the week, /notes), whose order and filters the push cannot redo, are marked stale.
 */
function applyProjectItemChange(queryClient: QueryClient, workspaceId: string, change: ProjectItemChange): void {
  if (!change.id || !change.projectId) return;
  const list = itemLists[change.entity];
  const shown = alreadyShown(queryClient, workspaceId, change);
  // The project's items, read before the item was made, can lack an item that the views across projects
  // show: a deletion marks those stale whatever the items say.
  if (shown && !change.deleted) return;
  if (!shown) {
    const itemsKey = projectKeys.items(workspaceId, change.projectId);
    if (change.deleted) removeItem(queryClient, workspaceId, change.projectId, list, change.id);
    else if (change.item) putItem(queryClient, workspaceId, list, change.item);
    else markStale(queryClient, itemsKey);
    reloadIfReading(queryClient, itemsKey);
  }
  crossProjectReadsChanged(queryClient, workspaceId, list);
}

/**
 * A project summary: put in the cached list unless the list holds the same or a newer copy. A push of its
 * counts alone (a child's write) is put on the copy of that version; a list that lacks that copy (an
 * edit or the project itself was missed) is read again.
 */
function applyProjectChange(queryClient: QueryClient, workspaceId: string, change: Extract<WorkspaceChange, { entity: 'project' }>): void {
  const projects = cachedProjects(queryClient, workspaceId);
  if (!change.id || !projects) return;
  const listKey = projectKeys.list(workspaceId);
  if (change.deleted) return removeProject(queryClient, workspaceId, change.id);
  const cached = projects.find((project) => project.id === change.id);
  // Counts of an older version are older than the cached copy: its edit came after them.
  if (!change.item && cached && change.version !== undefined && change.version < cached.version) return;
  const next = change.item ?? (cached && change.counts && change.version === cached.version ? { ...cached, ...change.counts } : undefined);
  if (!next) return markStale(queryClient, listKey);
  if (cached && !isNewerSummary(next, cached)) return;
  putProject(queryClient, next);
  reloadIfReading(queryClient, listKey);
}

/**
 * Brings the cache up to one change of a workspace: the items a push carries are applied as they are; the
 * few reads a push names only (the workspace, members, invitations, labels, the saved plan) are marked stale.
 */
function applyChange(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): void {
  switch (change.entity) {
    case 'workspace':
      return markStale(queryClient, workspacesQueryOptions().queryKey);
    case 'member':
      return markStale(queryClient, memberKeys.members(workspaceId));
    case 'invitation':
      return markStale(queryClient, memberKeys.invitations(workspaceId));
    case 'plan':
      return markStale(queryClient, savedPlanKey(workspaceId));
    case 'label':
      return markStale(queryClient, labelKeys.list(workspaceId));
    case 'activity':
      // The feed's new events are stored: the dashboard reloads, as on every push (applyPush).
      return;
    case 'link':
      return applyLinkChange(queryClient, workspaceId, change);
    case 'project':
      return applyProjectChange(queryClient, workspaceId, change);
    case 'comment':
      // An open task view or project page reads its comments again (a closed one reads them when opened).
      if (change.taskId !== undefined) return markStale(queryClient, projectKeys.taskComments(workspaceId, change.taskId));
      return change.projectId === undefined ? undefined : markStale(queryClient, projectKeys.projectComments(workspaceId, change.projectId));
    case 'trash':
      return markStale(queryClient, trashKeys.list(workspaceId));
    case 'attachment':
      // Likewise its files: asked for, completed or deleted.
      if (change.taskId !== undefined) return markStale(queryClient, projectKeys.taskAttachments(workspaceId, change.taskId));
      return change.projectId === undefined ? undefined : markStale(queryClient, projectKeys.projectAttachments(workspaceId, change.projectId));
    default:
      return applyProjectItemChange(queryClient, workspaceId, change);
  }
}

/**
 * On a page's first subscription to a workspace, reads that arrived this long before the confirmation are
 * read again, closer ones are not (a page's first load is read once). About the stream's own delay: a
 * change is pushed to the subscribers the fan-out finds when it runs, that long after the write, so a
 * change written after a read that arrived within this time of the subscription is still pushed to it.
 */
export const FIRST_SUBSCRIPTION_GRACE_MS = 1_000;

/** Per cache: the workspaces this page has been subscribed to, on any connection. */
const subscribedBefore = new WeakMap<QueryClient, Set<string>>();

/**
 * What a push means for the cache (exported for its unit test). `reconnected`: the socket is not the
 * page's first, so pushes were missed while it was down.
 */
export function applyPush(queryClient: QueryClient, message: ServerMessage, reconnected = false): void {
  if (message.type === 'workspaces.changed') {
    markStale(queryClient, workspacesQueryOptions().queryKey);
  } else if (message.type === 'inbox.changed') {
    markStale(queryClient, inboxKeys.all);
  } else if (message.type === 'workspace.changed') {
    message.changes.forEach((change) => applyChange(queryClient, message.workspaceId, change));
    workspaceActivityChanged(queryClient, message.workspaceId);
  } else if (message.type === 'conversations.changed') {
    applyConversationChanges(queryClient, message);
  } else if (message.type === 'subscribed') {
    const workspaces = subscribedBefore.get(queryClient) ?? new Set<string>();
    subscribedBefore.set(queryClient, workspaces);
    const again = reconnected || workspaces.has(message.workspaceId);
    workspaces.add(message.workspaceId);
    const readBefore = Date.now() - FIRST_SUBSCRIPTION_GRACE_MS;
    refreshAfterWrites(queryClient, again ? undefined : (query) => query.state.dataUpdatedAt < readBefore);
  }
}

/**
 * Pushes reach this tab from now on; a change made between a read and now was pushed to nobody here (a
 * reconnect, a return to a workspace left earlier), so what was read is refreshed: everything, or on a
 * page's first subscription to a workspace only what was read well before it (`stale`). Not while a write
 * of this tab is under way (opening a workspace from its notice also acknowledges the notice): a read made
 * then would bring back what the write is replacing; the refresh waits until the writes are answered.
 * Reads still under way are left to finish, not restarted.
 */
function refreshAfterWrites(queryClient: QueryClient, stale?: (query: Query) => boolean): void {
  const refresh = () => void queryClient.invalidateQueries(stale ? { predicate: stale } : undefined, { cancelRefetch: false });
  if (queryClient.isMutating() === 0) return refresh();
  const stopWaiting = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    stopWaiting();
    refresh();
  });
}

/**
 * Keeps the cache live: subscribes to the current workspace on every (re)connect, applies each push to
 * the cache, and once a subscription after a reconnect is confirmed refreshes what was read before it,
 * since a push may have been missed (without a workspace, at once after a reconnect). A page's first
 * connection is not a reconnect: its first load is not read twice.
 */
export function RealtimeSync() {
  const { send, status, connectionCount, subscribe } = useRealtime();
  const { currentWorkspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const currentWorkspaceId = currentWorkspace?.id;

  useEffect(() => {
    if (status === 'open' && currentWorkspaceId) send({ action: 'subscribe', workspaceId: currentWorkspaceId });
  }, [status, connectionCount, currentWorkspaceId, send]);

  useEffect(() => subscribe((message) => applyPush(queryClient, message, connectionCount > 1)), [subscribe, queryClient, connectionCount]);

  useEffect(() => {
    if (connectionCount > 1 && !currentWorkspaceId) void queryClient.invalidateQueries();
  }, [connectionCount, currentWorkspaceId, queryClient]);

  return null;
}
