/**
 * The workspace in use (spec core §4): the saved one when the user still belongs to it, otherwise the
 * first of the list; none when the list is empty.
 */
export function pickCurrentWorkspace<T extends { id: string }>(workspaces: readonly T[], savedId: string | null | undefined): T | null {
  return workspaces.find((workspace) => workspace.id === savedId) ?? workspaces[0] ?? null;
}
