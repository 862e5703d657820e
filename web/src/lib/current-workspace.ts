import { createContext, useContext } from 'react';
import type { WorkspaceView } from '@shared/schemas/workspace';

/**
 * The workspace the user works in, for every feature. The app (app/current-workspace-provider) works it out
 * from the workspace list and the saved choice; features only read it here, so none imports another.
 */
export interface CurrentWorkspace {
  readonly workspaces: readonly WorkspaceView[];
  readonly currentWorkspace: WorkspaceView | null;
  readonly setCurrentWorkspace: (workspaceId: string) => void;
  /** True until the signed-in user's list has been loaded once. */
  readonly loading: boolean;
  /** The list could not be loaded (and nothing is cached): not the same as having no workspace. */
  readonly error: string | null;
  /** The failed read behind `error` (to tell an unreachable server from a refusal); undefined without one. */
  readonly failure: unknown;
  readonly retry: () => void;
  /**
   * While the list loads: the workspace that will most likely be current (the saved choice), so a page can
   * start its own reads beside the list's instead of after it. Null once loaded, or with no saved choice.
   */
  readonly expectedWorkspaceId: string | null;
}

export const CurrentWorkspaceContext = createContext<CurrentWorkspace | null>(null);

export function useCurrentWorkspace(): CurrentWorkspace {
  const context = useContext(CurrentWorkspaceContext);
  if (!context) throw new Error('useCurrentWorkspace must be used within a CurrentWorkspaceProvider');
  return context;
}

/**
 * The workspace whose data a page reads now: the current one, or while the list is still loading the one
 * expected to be current (its reads then run beside the list's; a wrong guess is only a wasted read, as the
 * server answers for workspaces the user belongs to). Null when there is none to read.
 */
export function workspaceIdForReads(workspace: {
  readonly currentWorkspace: { readonly id: string } | null;
  readonly loading: boolean;
  readonly expectedWorkspaceId: string | null;
}): string | null {
  return workspace.currentWorkspace?.id ?? (workspace.loading ? workspace.expectedWorkspaceId : null);
}
