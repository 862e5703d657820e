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

export interface OptimisticSteps {
  /** Shows the change (adds it to the pending ones). */
  readonly show: () => void;
  /** Stops showing it (drops it from the pending ones). */
  readonly hide: () => void;
  /** Loads the server's list. */
  readonly reload: () => Promise<void>;
}

/**
 * One optimistic write: show the change, run the request, then on success keep showing it until the
 * reloaded list holds it (so nothing flickers back); on failure hide it at once, start a reload (a 409 then
 * shows the other person's write) and reject with the request's error.
 */
export async function runOptimistic<T>(steps: OptimisticSteps, request: () => Promise<T>): Promise<T> {
  steps.show();
  let result: T;
  try {
    result = await request();
  } catch (error) {
    steps.hide();
    void steps.reload();
    throw error;
  }
  try {
    await steps.reload();
  } finally {
    steps.hide();
  }
  return result;
}
