import type { QueryClient } from '@tanstack/react-query';

/**
 * Telling the user's own departures from a workspace (leaving it, or deleting it as its owner) from being
 * removed by someone else, which they should be told of. Kept apart from the leave and delete mutations so
 * the signed-in services read it without their route schemas.
 */

/** The mutation key of leaving a workspace and of deleting one; the mutation's variables are its ID. */
export const departureKey = ['workspace-departure'] as const;

/** This tab is leaving or deleting the workspace, or did so lately (TanStack keeps a finished write 5 minutes). */
export function departingHere(queryClient: QueryClient, workspaceId: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: departureKey })
    .some((mutation) => mutation.state.variables === workspaceId);
}

/** The workspaces of the earlier list that the later one no longer holds. */
export function lostWorkspaces<T extends { readonly id: string }>(before: readonly T[], after: readonly T[]): T[] {
  const kept = new Set(after.map((workspace) => workspace.id));
  return before.filter((workspace) => !kept.has(workspace.id));
}

/** What the user is told when a workspace leaves their list without their doing. */
export const noLongerMember = (workspaceName: string) => `You are no longer a member of ${workspaceName}.`;
