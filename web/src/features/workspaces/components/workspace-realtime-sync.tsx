import { useEffect } from 'react';
import { useRealtime } from '../../../lib/realtime';
import { useReloadOnPush } from '../../../lib/use-reload-on-push';
import { useWorkspace } from './workspace-provider';

/**
 * Keeps the workspace list live: a `workspaces.changed` push (the user's memberships changed) reloads
 * it, and on every (re)connect the current workspace is subscribed to, for the features that follow
 * its `workspace.changed` pushes. A reconnect reloads the list, since a push may have been missed.
 */
export function WorkspaceRealtimeSync() {
  const { send, status, connectionCount } = useRealtime();
  const { reload, currentWorkspace } = useWorkspace();
  const currentWorkspaceId = currentWorkspace?.id;

  useReloadOnPush(reload, { memberships: true });

  useEffect(() => {
    if (status === 'open' && currentWorkspaceId) send({ action: 'subscribe', workspaceId: currentWorkspaceId });
  }, [status, connectionCount, currentWorkspaceId, send]);

  return null;
}
