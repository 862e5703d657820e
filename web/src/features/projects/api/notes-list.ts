import { useInfiniteQuery } from '@tanstack/react-query';
import { notesRoutes } from '@shared/routes/notes';
import { callRoute } from '@/lib/api-client';
import { projectKeys } from './query-keys';

export const FETCH_NOTES_FAILED = 'Failed to load notes';

/** The workspace's notes across its projects, newest edit first, page after page (/notes). */
export function useWorkspaceNotes(workspaceId: string) {
  const pages = useInfiniteQuery({
    queryKey: projectKeys.notes(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      callRoute(notesRoutes.ListNotes, { params: { workspaceId }, query: { limit: 60, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...pages, notes: pages.data?.pages.flatMap((page) => page.notes) ?? [] };
}
