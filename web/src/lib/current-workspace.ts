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
  readonly retry: () => void;
}

export const CurrentWorkspaceContext = createContext<CurrentWorkspace | null>(null);

export function useCurrentWorkspace(): CurrentWorkspace {
  const context = useContext(CurrentWorkspaceContext);
  if (!context) throw new Error('useCurrentWorkspace must be used within a CurrentWorkspaceProvider');
  return context;
}
