/** The cache entry of the user's workspace list (GET /workspaces). */
export const workspaceListKey = ['workspaces', 'list'] as const;
