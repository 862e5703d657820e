/** The cache keys of a workspace's people (under ['workspaces', id], dropped with the workspace). */
export const memberKeys = {
  members: (workspaceId: string) => ['workspaces', workspaceId, 'members'] as const,
  invitations: (workspaceId: string) => ['workspaces', workspaceId, 'invitations'] as const,
};
