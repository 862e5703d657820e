import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@shared/routes';
import type { CreateLinkInput, LinkView, UpdateLinkInput } from '@shared/schemas/link';
import type { WorkspaceChange } from '@shared/realtime';
import { callRoute } from '@/lib/api-client';

/** Texts of spec pages §8 (Links). */
export const SAVE_LINK_FAILED = 'Failed to save link. Please try again.';
export const LINK_SAVED = 'Link saved successfully!';
export const NO_WORKSPACE_FOR_LINKS = 'Please select a workspace to add links';
export const LOAD_LINKS_FAILED = 'Failed to load links';
export const DELETE_LINK_FAILED = 'Failed to delete link';

export const linkKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'links'] as const,
};

export function useLinks(workspaceId: string | undefined) {
  return useQuery({
    queryKey: linkKeys.list(workspaceId ?? ''),
    queryFn: async ({ signal }) => (await callRoute(routes.ListLinks, { params: { workspaceId: workspaceId ?? '' }, signal })).links,
    enabled: Boolean(workspaceId),
  });
}

/** The cached list with `link` put in its place (newest first for a new one) or taken out. */
function withLink(queryClient: QueryClient, workspaceId: string, link: LinkView, removed = false): void {
  queryClient.setQueryData<LinkView[]>(linkKeys.list(workspaceId), (links) => {
    if (!links) return links;
    const others = links.filter((candidate) => candidate.id !== link.id);
    if (removed) return others;
    return links.some((candidate) => candidate.id === link.id) ? links.map((candidate) => (candidate.id === link.id ? link : candidate)) : [link, ...others];
  });
}

export function useCreateLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLinkInput) => (await callRoute(routes.CreateLink, { params: { workspaceId }, body: input })).link,
    onSuccess: (link) => withLink(queryClient, workspaceId, link),
  });
}

export function useUpdateLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ linkId, ...input }: UpdateLinkInput & { linkId: string }) =>
      (await callRoute(routes.UpdateLink, { params: { workspaceId, linkId }, body: input })).link,
    onSuccess: (link) => withLink(queryClient, workspaceId, link),
    // Someone else changed or deleted it: show what is stored now.
    onError: () => void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) }),
  });
}

export function useDeleteLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: LinkView) => {
      await callRoute(routes.DeleteLink, { params: { workspaceId, linkId: link.id } });
      return link;
    },
    onSuccess: (link) => withLink(queryClient, workspaceId, link, true),
    onError: () => void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) }),
  });
}

/** A pushed change of a link: reloads the list unless the cache already shows it (the user's own write). */
export function applyLinkChange(queryClient: QueryClient, workspaceId: string, change: WorkspaceChange): void {
  const cached = queryClient.getQueryData<LinkView[]>(linkKeys.list(workspaceId))?.find((link) => link.id === change.id);
  const shown = change.deleted ? !cached : cached !== undefined && change.version !== undefined && cached.version >= change.version;
  if (!shown) void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) });
}
