import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { useToast } from '@/components/ui/toast';
import { FETCH_WORKSPACES_FAILED, useWorkspaces } from '@/features/workspaces/api/get-workspaces';
import { pickCurrentWorkspace, replacementForLostWorkspace } from '@/features/workspaces/utils/current-workspace';
import { useAuth } from '@/lib/auth';
import { CurrentWorkspaceContext, type CurrentWorkspace } from '@/lib/current-workspace';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { departingHere, lostWorkspaces, noLongerMember } from '@/features/workspaces/api/departures';

/**
 * The current workspace for every feature (spec core §4): the saved choice while the user still belongs
 * to it, else the first of their list. The list is the workspaces query; only the choice is kept here.
 */
export function CurrentWorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const list = useWorkspaces(Boolean(user));
  const queryClient = useQueryClient();
  const [savedId, setSavedId] = useState(() => readStorage(storageKeys.currentWorkspaceId));

  const setCurrentWorkspace = useCallback((workspaceId: string) => setSavedId(workspaceId), []);

  // A saved workspace the user no longer belongs to (deleted, or they were removed) is replaced by the one
  // now shown, so the old one does not become current again by surprise if they are invited back later.
  // (Adjusting state to new data during render, React's pattern for it.)
  const workspaces = list.data;
  const replacement = workspaces ? replacementForLostWorkspace(workspaces, savedId) : undefined;
  if (replacement !== undefined) setSavedId(replacement);

  useEffect(() => writeStorage(storageKeys.currentWorkspaceId, savedId), [savedId]);

  // A workspace gone from the list without this tab leaving or deleting it: the user was removed, it was
  // deleted, or they left elsewhere. Said once, so a page that changes under them is explained.
  const toast = useToast();
  const shownList = useRef<readonly WorkspaceView[] | undefined>(undefined);
  useEffect(() => {
    const before = shownList.current;
    shownList.current = workspaces;
    if (!before || !workspaces) return;
    for (const lost of lostWorkspaces(before, workspaces)) {
      if (!departingHere(queryClient, lost.id)) toast.info(noLongerMember(lost.name));
    }
  }, [workspaces, queryClient, toast]);

  const { error: listError } = list;
  const value = useMemo<CurrentWorkspace>(() => {
    const loading = Boolean(user) && workspaces === undefined && !listError;
    const failure = workspaces === undefined && listError ? listError : undefined;
    return {
      workspaces: workspaces ?? [],
      currentWorkspace: pickCurrentWorkspace(workspaces ?? [], savedId),
      setCurrentWorkspace,
      loading,
      error: failure ? FETCH_WORKSPACES_FAILED : null,
      failure,
      // The list and whatever else on screen failed beside it (reads started for the expected workspace).
      retry: () => void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' }),
      expectedWorkspaceId: loading ? savedId : null,
    };
  }, [workspaces, savedId, setCurrentWorkspace, user, listError, queryClient]);
  return <CurrentWorkspaceContext.Provider value={value}>{children}</CurrentWorkspaceContext.Provider>;
}
