import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokensRoutes } from '@shared/routes/api-tokens';
import type { CreateApiTokenInput } from '@shared/schemas/api-token';
import { callRoute } from '@/lib/api-client';

/** Personal API tokens (issue 38): the user's own, and those reaching a workspace (its owners and admins). */
export const apiTokenKeys = {
  mine: ['api-tokens'] as const,
  workspace: (workspaceId: string) => ['workspaces', workspaceId, 'api-tokens'] as const,
};

export const CREATE_TOKEN_FAILED = 'Failed to create the token. Please try again.';
export const REVOKE_TOKEN_FAILED = 'Failed to revoke the token';

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.mine,
    queryFn: async ({ signal }) => (await callRoute(apiTokensRoutes.ListApiTokens, { signal })).tokens,
  });
}

/** After any write both lists are read again: a revoke in one shows in the other. */
function useTokenMutation<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'api-tokens' || (query.queryKey[0] === 'workspaces' && query.queryKey[2] === 'api-tokens') }),
  });
}

export function useCreateApiToken() {
  return useTokenMutation((input: CreateApiTokenInput) => callRoute(apiTokensRoutes.CreateApiToken, { body: input }));
}

export function useRevokeApiToken() {
  return useTokenMutation((tokenId: string) => callRoute(apiTokensRoutes.RevokeApiToken, { params: { tokenId } }));
}

export function useWorkspaceApiTokens(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: apiTokenKeys.workspace(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(apiTokensRoutes.ListWorkspaceApiTokens, { params: { workspaceId }, signal })).tokens,
    enabled,
  });
}

export function useRevokeWorkspaceApiToken(workspaceId: string) {
  return useTokenMutation((tokenId: string) => callRoute(apiTokensRoutes.RevokeWorkspaceApiToken, { params: { workspaceId, tokenId } }));
}
