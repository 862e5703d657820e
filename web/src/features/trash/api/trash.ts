import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentsRoutes } from '@shared/routes/attachments';
import { trashRoutes } from '@shared/routes/trash';
import type { TrashEntryView } from '@shared/schemas/trash';
import { callRoute } from '@/lib/api-client';

/** The workspace's Trash (issue 37): an owner's or admin's every entry, a member's own; realtime marks it stale. */
export const trashKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'trash'] as const,
  filesUsage: (workspaceId: string) => ['workspaces', workspaceId, 'attachment-usage'] as const,
};

/** A delete's toast: the item waits in the Trash. */
export const MOVED_TO_TRASH = 'Moved to Trash';
export const FETCH_TRASH_FAILED = 'Failed to load the trash';
export const RESTORE_FAILED = 'Failed to restore';
export const DELETE_FOREVER_FAILED = 'Failed to delete forever';
export const EMPTY_TRASH_FAILED = 'Failed to empty the trash';
const TRASH_PAGE_SIZE = 50;

export function useTrash(workspaceId: string) {
  const pages = useInfiniteQuery({
    queryKey: trashKeys.list(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      callRoute(trashRoutes.ListTrash, { params: { workspaceId }, query: { limit: TRASH_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...pages, entries: pages.data?.pages.flatMap((page) => page.entries) ?? [] };
}

/** How much of the workspace's files quota is taken (the Trash is where room is made). */
export function useFilesUsage(workspaceId: string) {
  return useQuery({ queryKey: trashKeys.filesUsage(workspaceId), queryFn: ({ signal }) => callRoute(attachmentsRoutes.GetAttachmentUsage, { params: { workspaceId }, signal }) });
}

/**
 * After any write the trash (and the files' usage a purge lowers) is read again; the items restored come
 * back to the pages by the realtime pushes.
 */
function useTrashMutation<T>(workspaceId: string, write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trashKeys.list(workspaceId) }), queryClient.invalidateQueries({ queryKey: trashKeys.filesUsage(workspaceId) })]),
  });
}

export function useRestoreTrashEntry(workspaceId: string) {
  return useTrashMutation(workspaceId, ({ entry, projectId }: { entry: TrashEntryView; projectId?: string }) =>
    callRoute(trashRoutes.RestoreTrashEntry, { params: { workspaceId, entryId: entry.id }, body: projectId ? { projectId } : {} }),
  );
}

export function useDeleteTrashEntry(workspaceId: string) {
  return useTrashMutation(workspaceId, (entry: TrashEntryView) => callRoute(trashRoutes.DeleteTrashEntry, { params: { workspaceId, entryId: entry.id } }));
}

export function useEmptyTrash(workspaceId: string) {
  return useTrashMutation(workspaceId, () => callRoute(trashRoutes.EmptyTrash, { params: { workspaceId } }));
}
