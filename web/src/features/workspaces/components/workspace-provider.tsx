import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { WorkspaceView } from '../../../../../shared/schemas/workspace';
import { useAuth } from '../../../lib/auth';
import { latestOnly } from '../../../lib/latest-only';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage';
import { FETCH_WORKSPACES_FAILED, getWorkspaces } from '../api/get-workspaces';
import { pickCurrentWorkspace, replacementForLostWorkspace } from '../utils/current-workspace';

export interface WorkspaceContextValue {
  readonly workspaces: readonly WorkspaceView[];
  readonly currentWorkspace: WorkspaceView | null;
  readonly setCurrentWorkspace: (workspaceId: string) => void;
  /** Loads the list again (after a create, on a realtime push). */
  readonly reload: () => Promise<void>;
  /** True until the signed-in user's list has been loaded once (later reloads keep showing the old list). */
  readonly loading: boolean;
  readonly error: string | null;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

interface ListState {
  /** Whose list this is: a state left from another user is never shown. */
  readonly userId: string | undefined;
  readonly workspaces: readonly WorkspaceView[];
  readonly loaded: boolean;
  readonly error: string | null;
}

const empty = (userId: string | undefined): ListState => ({ userId, workspaces: [], loaded: false, error: null });

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const [list, setList] = useState<ListState>(() => empty(userId));
  const [savedId, setSavedId] = useState(() => readStorage(storageKeys.currentWorkspaceId));
  // A saved workspace the user no longer belongs to (deleted, or they were removed) is replaced by the one
  // now shown, so the old one does not become current again by surprise if they are invited back later.
  const forgetLostWorkspace = useCallback((workspaces: readonly WorkspaceView[]) => {
    const replacement = replacementForLostWorkspace(workspaces, readStorage(storageKeys.currentWorkspaceId));
    if (replacement === undefined) return;
    setSavedId(replacement);
    writeStorage(storageKeys.currentWorkspaceId, replacement);
  }, []);

  // Only the latest request may write the list, and an awaited reload ends with the newest list shown.
  const [runLatest] = useState(latestOnly);

  const reload = useCallback((): Promise<void> => {
    if (!userId) return Promise.resolve();
    return runLatest(getWorkspaces, (outcome) => {
      if (outcome.status === 'fulfilled') {
        setList({ userId, workspaces: outcome.value, loaded: true, error: null });
        forgetLostWorkspace(outcome.value);
        return;
      }
      setList((previous) => ({ ...(previous.userId === userId ? previous : empty(userId)), loaded: true, error: FETCH_WORKSPACES_FAILED }));
    });
  }, [userId, runLatest, forgetLostWorkspace]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setCurrentWorkspace = useCallback((workspaceId: string) => {
    setSavedId(workspaceId);
    writeStorage(storageKeys.currentWorkspaceId, workspaceId);
  }, []);

  const value = useMemo<WorkspaceContextValue>(() => {
    const current = list.userId === userId ? list : empty(userId);
    return {
      workspaces: current.workspaces,
      currentWorkspace: pickCurrentWorkspace(current.workspaces, savedId),
      setCurrentWorkspace,
      reload,
      loading: Boolean(userId) && !current.loaded,
      error: current.error,
    };
  }, [list, userId, savedId, setCurrentWorkspace, reload]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceContextValue {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return context;
}
