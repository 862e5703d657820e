import type { WorkspaceView } from '@shared/schemas/workspace';

/** A workspace the user was added to by someone else and has not acknowledged yet. */
export type NoticedWorkspace = WorkspaceView & { notice: NonNullable<WorkspaceView['notice']> };

export function noticedWorkspaces(workspaces: readonly WorkspaceView[]): NoticedWorkspace[] {
  return workspaces.filter((workspace): workspace is NoticedWorkspace => workspace.notice !== undefined);
}
