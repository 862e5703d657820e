/** The cache keys of the signed-in user's conversations in a workspace (under the workspace, like all its data). */
export const assistantKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'conversations'] as const,
  list: (workspaceId: string) => ['workspaces', workspaceId, 'conversations', 'list'] as const,
  conversation: (workspaceId: string, conversationId: string) => ['workspaces', workspaceId, 'conversations', conversationId] as const,
};
