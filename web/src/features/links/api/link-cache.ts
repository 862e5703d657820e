import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceChange } from '@shared/realtime';
import type { LinkView } from '@shared/schemas/link';

/** The links list's cache key and its realtime update: no route schemas, since every signed-in page loads them. */
export const linkKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'links'] as const,
};

/** A pushed change of a link: reloads the list unless the cache already shows it (the user's own write). */
export function applyLinkChange(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): void {
  const cached = queryClient.getQueryData<LinkView[]>(linkKeys.list(workspaceId))?.find((link) => link.id === change.id);
  const shown = change.deleted ? !cached : cached !== undefined && change.version !== undefined && cached.version >= change.version;
  if (!shown) void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) });
}
