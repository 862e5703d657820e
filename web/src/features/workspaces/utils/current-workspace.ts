/** What the choice of the current workspace needs of each workspace. */
export interface SelectableWorkspace {
  readonly id: string;
  readonly role: string;
  /** Present while someone else's adding of the user to it has not been seen. */
  readonly notice?: unknown;
}

/**
 * The workspace in use (spec core §4): the saved choice while the user still belongs to it; else their own
 * first (as owner), else the first one whose notice they have seen. A workspace someone else added them to
 * and they have not acknowledged is never opened for them: with only such workspaces the answer is null,
 * and the app asks which to open (see needsWorkspaceChoice).
 */
export function pickCurrentWorkspace<T extends SelectableWorkspace>(workspaces: readonly T[], savedId: string | null | undefined): T | null {
  return (
    workspaces.find((workspace) => workspace.id === savedId) ??
    workspaces.find((workspace) => workspace.role === 'owner') ??
    workspaces.find((workspace) => workspace.notice === undefined) ??
    null
  );
}

/** The user belongs to workspaces but none may be opened without asking: each came with an unseen notice. */
export function needsWorkspaceChoice(workspaces: readonly SelectableWorkspace[], savedId: string | null | undefined): boolean {
  return workspaces.length > 0 && pickCurrentWorkspace(workspaces, savedId) === null;
}

/**
 * What to save instead of a saved workspace that is no longer in the user's list (deleted, or they were
 * removed or left): the workspace now shown, or null for none. `undefined` when the saved choice still stands.
 */
export function replacementForLostWorkspace(workspaces: readonly SelectableWorkspace[], savedId: string | null): string | null | undefined {
  if (savedId === null || workspaces.some((workspace) => workspace.id === savedId)) return undefined;
  return pickCurrentWorkspace(workspaces, null)?.id ?? null;
}
