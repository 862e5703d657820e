import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceChange } from '@shared/realtime';
import type { LinkView } from '@shared/schemas/link';
import { editCachedData } from '@/lib/cache-edit';
import { markStale, reloadIfReading } from '@/lib/stale-queries';

/** The links list's cache key and its edits: no route schemas, since every signed-in page loads them. */
export const linkKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'links'] as const,
};

/** The cached list with `link` put in its place (newest first for a new one) or taken out. */
export function withLink(queryClient: QueryClient, workspaceId: string, link: LinkView, removed = false): void {
  editCachedData<LinkView[]>(queryClient, linkKeys.list(workspaceId), (links) => {
    const others = links.filter((candidate) => candidate.id !== link.id);
    if (removed) return others;
    return links.some((candidate) => candidate.id === link.id) ? links.map((candidate) => (candidate.id === link.id ? link : candidate)) : [link, ...others];
  });
}

/**
 * A pushed change of a link, applied to the cached list from the view it carries; nothing when the list
 * already shows it (the user's own write) or a newer copy.
 */
export function applyLinkChange(queryClient: QueryClient, workspaceId: string, change: Extract<WorkspaceChange, { entity: 'link' }>): void {
  const key = linkKeys.list(workspaceId);
  const links = queryClient.getQueryData<LinkView[]>(key);
  if (!links || !change.id) return;
  const cached = links.find((link) => link.id === change.id);
  if (change.deleted) {
    if (cached) withLink(queryClient, workspaceId, cached, true);
  } else if (cached && change.version !== undefined && cached.version >= change.version) {
    return;
  } else if (change.item) {
    withLink(queryClient, workspaceId, change.item);
  } else {
    return markStale(queryClient, key);
  }
  reloadIfReading(queryClient, key);
}
