import { useEffect } from 'react';
import { useRealtime } from '../../../lib/realtime';
import { useWorkspace } from './workspace-provider';

/**
 * Keeps the workspace list live: a `workspaces.changed` push (the user's memberships changed) reloads
 * it, and on every (re)connect the current workspace is subscribed to, for the features that follow
 * its `workspace.changed` pushes. A reconnect reloads the list, since a push may have been missed.
 */
export function WorkspaceRealtimeSync() {
  const { subscribe, send, status, connectionCount } = useRealtime();
  const { reload, currentWorkspace } = useWorkspace();
  const currentWorkspaceId = currentWorkspace?.id;

  useEffect(
    () =>
      subscribe((message) => {
        if (message.type === 'workspaces.changed') void reload();
      }),
    [subscribe, reload],
  );

  // A push may have been missed while the socket was down.
  useEffect(() => {
    if (connectionCount > 1) void reload();
  }, [connectionCount, reload]);

  useEffect(() => {
    if (status === 'open' && currentWorkspaceId) send({ action: 'subscribe', workspaceId: currentWorkspaceId });
  }, [status, connectionCount, currentWorkspaceId, send]);

  return null;
}
