import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentsRoutes } from '@shared/routes/comments';
import { callRoute } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { projectKeys } from './query-keys';

export const FETCH_COMMENTS_FAILED = 'Failed to load the comments';
const COMMENTS_PAGE_SIZE = 50;

export interface CommentTarget {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId: string;
}

/**
 * A task's comments, oldest first (newest last): the newest page first, each next page an earlier one (shown
 * above); a push of a comment reads them again.
 */
export function useTaskComments({ workspaceId, projectId, taskId }: CommentTarget) {
  const pages = useInfiniteQuery({
    queryKey: projectKeys.taskComments(workspaceId, taskId),
    queryFn: ({ pageParam, signal }) =>
      callRoute(commentsRoutes.ListComments, {
        params: { workspaceId, projectId, taskId },
        query: { limit: COMMENTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...pages, comments: pages.data?.pages.toReversed().flatMap((page) => page.comments) ?? [] };
}

type CommentWrite = { kind: 'create'; body: string } | { kind: 'update'; commentId: string; body: string } | { kind: 'delete'; commentId: string };

/**
 * Writes one comment of the task: the comments are read again, and so is the project's task list (the
 * task's count and version changed with a comment made or deleted).
 */
export function useCommentWrite(target: CommentTarget) {
  const queryClient = useQueryClient();
  const params = { workspaceId: target.workspaceId, projectId: target.projectId, taskId: target.taskId };
  return useMutation({
    mutationFn: async (write: CommentWrite) => {
      if (write.kind === 'create') return callRoute(commentsRoutes.CreateComment, { params, body: { body: write.body } });
      if (write.kind === 'update') return callRoute(commentsRoutes.UpdateComment, { params: { ...params, commentId: write.commentId }, body: { body: write.body } });
      return callRoute(commentsRoutes.DeleteComment, { params: { ...params, commentId: write.commentId } });
    },
    onSuccess: async (_answer, write) => {
      if (write.kind !== 'update') markStale(queryClient, projectKeys.items(target.workspaceId, target.projectId));
      await queryClient.invalidateQueries({ queryKey: projectKeys.taskComments(target.workspaceId, target.taskId) });
    },
  });
}
