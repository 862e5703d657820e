/**
 * The cache keys of a workspace's projects. Everything of a workspace sits under ['workspaces', id], so
 * leaving or deleting it drops all of it at once.
 */
export const projectKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'projects'] as const,
  list: (workspaceId: string) => ['workspaces', workspaceId, 'projects', 'list'] as const,
  items: (workspaceId: string, projectId: string) => ['workspaces', workspaceId, 'projects', projectId, 'items'] as const,
  /** The workspace's notes across its projects (/notes), page by page. */
  notes: (workspaceId: string) => ['workspaces', workspaceId, 'projects', 'notes'] as const,
  /** A task's history (issue 37), page by page: by task, as it keeps its history across moves. */
  taskHistory: (workspaceId: string, taskId: string) => ['workspaces', workspaceId, 'projects', 'task-history', taskId] as const,
  /** A task's comments (issue 37), page by page: by task, as they stay with it across moves. */
  taskComments: (workspaceId: string, taskId: string) => ['workspaces', workspaceId, 'projects', 'task-comments', taskId] as const,
  /** A project's own comments (issue 37), page by page. */
  projectComments: (workspaceId: string, projectId: string) => ['workspaces', workspaceId, 'projects', projectId, 'comments'] as const,
  /** A task's files (issue 37): by task, as they stay with it across moves. */
  taskAttachments: (workspaceId: string, taskId: string) => ['workspaces', workspaceId, 'projects', 'task-attachments', taskId] as const,
  /** The files of a project's own comments (issue 37). */
  projectAttachments: (workspaceId: string, projectId: string) => ['workspaces', workspaceId, 'projects', projectId, 'attachments'] as const,
};
