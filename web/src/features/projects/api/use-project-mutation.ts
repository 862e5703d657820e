import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { crossProjectReadsChanged, type ItemList, type Undo } from './project-cache';

/**
 * The one way the projects feature writes (TanStack Query's mutation): `optimistic` shows the expected
 * result in the cache at once and returns how to take it back; `settle` puts the server's answer there.
 * A refused write is taken back; a 409 (someone else wrote first) or 404 (it is gone) also reloads what
 * `refresh` names, so the screen shows the other person's write. Either way, once answered, the reads
 * across projects of the list it wrote (`crossProjectReads`) reload.
 */
export function useProjectMutation<TVariables, TResult>(options: {
  /** Names the write, for screens that show it while it is pending (useMutationState). */
  mutationKey?: QueryKey;
  mutationFn: (variables: TVariables, queryClient: QueryClient) => Promise<TResult>;
  optimistic?: (queryClient: QueryClient, variables: TVariables) => Undo;
  settle?: (queryClient: QueryClient, result: TResult, variables: TVariables) => void;
  refresh?: (variables: TVariables) => QueryKey;
  /** The list the write changes: its reads across projects reload once the server has answered. */
  crossProjectReads?: (variables: TVariables) => { workspaceId: string; list: ItemList };
}) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVariables, { undo?: Undo }>({
    ...(options.mutationKey ? { mutationKey: options.mutationKey } : {}),
    mutationFn: (variables) => options.mutationFn(variables, queryClient),
    onMutate: (variables) => ({ ...(options.optimistic ? { undo: options.optimistic(queryClient, variables) } : {}) }),
    onError: (error, variables, context) => {
      context?.undo?.();
      const stale = error instanceof ApiError && (error.status === 409 || error.status === 404);
      if (stale && options.refresh) void queryClient.invalidateQueries({ queryKey: options.refresh(variables) });
    },
    onSuccess: (result, variables) => options.settle?.(queryClient, result, variables),
    onSettled: (_result, _error, variables) => {
      const changed = options.crossProjectReads?.(variables);
      if (changed) crossProjectReadsChanged(queryClient, changed.workspaceId, changed.list);
    },
  });
}
