import type { ProjectView } from '../../../../../shared/schemas/project';

/** An optimistic edit of the project list: a pure function from the list to the list as it will be. */
export type ProjectsChange = (projects: readonly ProjectView[]) => readonly ProjectView[];

/** A change whose request is still in flight, for the workspace it was made in. */
export interface PendingChange {
  readonly workspaceId: string | undefined;
  readonly change: ProjectsChange;
}

/**
 * The list as the user should see it: the server's list with the changes still in flight on top, in the
 * order they were made. Applying them to every reloaded list (instead of editing the list once) keeps them
 * shown when a realtime reload lands before their request has finished, and dropping one rolls back just it.
 */
export function applyPending(
  projects: readonly ProjectView[],
  pending: readonly PendingChange[],
  workspaceId: string | undefined,
): readonly ProjectView[] {
  return pending.reduce((list, entry) => (entry.workspaceId === workspaceId ? entry.change(list) : list), projects);
}
