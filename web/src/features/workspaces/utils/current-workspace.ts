/**
 * The workspace in use (spec core §4): the saved one when the user still belongs to it, otherwise the
 * first of the list; none when the list is empty.
 */
export function pickCurrentWorkspace<T extends { id: string }>(workspaces: readonly T[], savedId: string | null | undefined): T | null {
  return workspaces.find((workspace) => workspace.id === savedId) ?? workspaces[0] ?? null;
}

/**
 * What to save instead of a saved workspace that is no longer in the user's list (deleted, or they were
 * removed): the workspace now shown, or null for none. `undefined` when the saved choice still stands.
 */
export function replacementForLostWorkspace(
  workspaces: readonly { id: string }[],
  savedId: string | null,
): string | null | undefined {
  if (savedId === null || workspaces.some((workspace) => workspace.id === savedId)) return undefined;
  return pickCurrentWorkspace(workspaces, null)?.id ?? null;
}
