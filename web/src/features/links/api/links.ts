import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linksRoutes } from '@shared/routes/links';
import type { CreateLinkInput, LinkView, UpdateLinkInput } from '@shared/schemas/link';
import { callRoute } from '@/lib/api-client';
import { linkKeys, withLink } from './link-cache';

/** Texts of spec pages §8 (Links). */
export const SAVE_LINK_FAILED = 'Failed to save link. Please try again.';
export const LINK_SAVED = 'Link saved successfully!';
export const NO_WORKSPACE_FOR_LINKS = 'Please select a workspace to add links';
export const LOAD_LINKS_FAILED = 'Failed to load links';
export const DELETE_LINK_FAILED = 'Failed to delete link';

export function useLinks(workspaceId: string | undefined) {
  return useQuery({
    queryKey: linkKeys.list(workspaceId ?? ''),
    queryFn: async ({ signal }) => (await callRoute(linksRoutes.ListLinks, { params: { workspaceId: workspaceId ?? '' }, signal })).links,
    enabled: Boolean(workspaceId),
  });
}

export function useCreateLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLinkInput) => (await callRoute(linksRoutes.CreateLink, { params: { workspaceId }, body: input })).link,
    onSuccess: (link) => withLink(queryClient, workspaceId, link),
  });
}

export function useUpdateLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ linkId, ...input }: UpdateLinkInput & { linkId: string }) =>
      (await callRoute(linksRoutes.UpdateLink, { params: { workspaceId, linkId }, body: input })).link,
    onSuccess: (link) => withLink(queryClient, workspaceId, link),
    // Someone else changed or deleted it: show what is stored now.
    onError: () => void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) }),
  });
}

export function useDeleteLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: LinkView) => {
      await callRoute(linksRoutes.DeleteLink, { params: { workspaceId, linkId: link.id } });
      return link;
    },
    onSuccess: (link) => withLink(queryClient, workspaceId, link, true),
    onError: () => void queryClient.invalidateQueries({ queryKey: linkKeys.list(workspaceId) }),
  });
}
