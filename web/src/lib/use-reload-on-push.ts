import { useEffect } from 'react';
import { useRealtime } from './realtime';

/**
 * Keeps loaded data live: calls `reload` on a `workspace.changed` push for `workspaceId` (none when it is
 * absent), with `memberships` also on a `workspaces.changed` push (the user's memberships or roles changed),
 * and after every reconnect, since a push may have been missed while the socket was down.
 */
export function useReloadOnPush(reload: () => Promise<void>, { workspaceId, memberships = false }: { workspaceId?: string | null; memberships?: boolean }) {
  const { subscribe, connectionCount } = useRealtime();

  useEffect(
    () =>
      subscribe((message) => {
        const aboutWorkspace = message.type === 'workspace.changed' && workspaceId != null && message.workspaceId === workspaceId;
        if (aboutWorkspace || (memberships && message.type === 'workspaces.changed')) void reload();
      }),
    [subscribe, reload, workspaceId, memberships],
  );

  useEffect(() => {
    if (connectionCount > 1) void reload();
  }, [connectionCount, reload]);
}
