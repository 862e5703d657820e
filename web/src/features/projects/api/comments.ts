import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentsRoutes } from '@shared/routes/comments';
import type { CommentPage, CommentResponse } from '@shared/schemas/comment';
import { callRoute } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { projectKeys } from './query-keys';

export const FETCH_COMMENTS_FAILED = 'Failed to load the comments';
const COMMENTS_PAGE_SIZE = 50;

/** What the comments are on: the task `taskId` of the project, or without one the project itself. */
export interface CommentTarget {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId?: string | undefined;
}

const commentsKey = ({ workspaceId, projectId, taskId }: CommentTarget) =>
  taskId === undefined ? projectKeys.projectComments(workspaceId, projectId) : projectKeys.taskComments(workspaceId, taskId);

function listPage({ workspaceId, projectId, taskId }: CommentTarget, query: { limit: number; cursor?: string }, signal: AbortSignal): Promise<CommentPage> {
  return taskId === undefined
    ? callRoute(commentsRoutes.ListProjectComments, { params: { workspaceId, projectId }, query, signal })
    : callRoute(commentsRoutes.ListComments, { params: { workspaceId, projectId, taskId }, query, signal });
}

/**
 * A task's or project's comments, oldest first (newest last): the newest page first, each next page an
 * earlier one (shown above); a push of a comment reads them again.
 */
export function useComments(target: CommentTarget) {
  const pages = useInfiniteQuery({
    queryKey: commentsKey(target),
    queryFn: ({ pageParam, signal }) => listPage(target, { limit: COMMENTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...pages, comments: pages.data?.pages.toReversed().flatMap((page) => page.comments) ?? [] };
}

type CommentWrite = { kind: 'create'; body: string } | { kind: 'update'; commentId: string; body: string } | { kind: 'delete'; commentId: string };

function send({ workspaceId, projectId, taskId }: CommentTarget, write: CommentWrite): Promise<CommentResponse | undefined> {
  if (taskId === undefined) {
    const params = { workspaceId, projectId };
    if (write.kind === 'create') return callRoute(commentsRoutes.CreateProjectComment, { params, body: { body: write.body } });
    if (write.kind === 'update') return callRoute(commentsRoutes.UpdateProjectComment, { params: { ...params, commentId: write.commentId }, body: { body: write.body } });
    return callRoute(commentsRoutes.DeleteProjectComment, { params: { ...params, commentId: write.commentId } });
  }
  const params = { workspaceId, projectId, taskId };
  if (write.kind === 'create') return callRoute(commentsRoutes.CreateComment, { params, body: { body: write.body } });
  if (write.kind === 'update') return callRoute(commentsRoutes.UpdateComment, { params: { ...params, commentId: write.commentId }, body: { body: write.body } });
  return callRoute(commentsRoutes.DeleteComment, { params: { ...params, commentId: write.commentId } });
}

/**
 * Writes one comment: the comments are read again, and so is what counts them (a comment made or deleted
 * moves its task's count and version, in the project's task list, or its project's count, in the project list).
 */
export function useCommentWrite(target: CommentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: CommentWrite) => send(target, write),
    onSuccess: async (_answer, write) => {
      if (write.kind !== 'update') {
        markStale(queryClient, target.taskId === undefined ? projectKeys.list(target.workspaceId) : projectKeys.items(target.workspaceId, target.projectId));
      }
      await queryClient.invalidateQueries({ queryKey: commentsKey(target) });
    },
  });
}
