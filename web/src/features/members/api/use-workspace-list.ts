import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-client';
import { useReloadOnPush } from '../../../lib/use-reload-on-push';

export interface WorkspaceList<T> {
  readonly items: readonly T[];
  /** True until the first answer for this workspace (later reloads keep showing the old items). */
  readonly loading: boolean;
  readonly error: string | null;
  readonly reload: () => Promise<void>;
}

interface ListState<T> {
  /** Whose list this is: items of another workspace are never shown. */
  readonly key: string | null;
  readonly items: readonly T[];
  readonly loaded: boolean;
  readonly error: string | null;
}

/**
 * A list that belongs to one workspace (members, invitations), loaded with `load` and kept live: it
 * reloads on a push for that workspace, on a push about the user's memberships (their role may have
 * changed), and after a reconnect (a push may have been missed). `enabled` false loads nothing.
 */
export function useWorkspaceList<T>(
  workspaceId: string,
  load: (workspaceId: string) => Promise<readonly T[]>,
  failureMessage: string,
  enabled = true,
): WorkspaceList<T> {
  const key = enabled ? workspaceId : null;
  const [state, setState] = useState<ListState<T>>({ key: null, items: [], loaded: false, error: null });
  // Only the latest request may write the list.
  const requestCount = useRef(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const reload = useCallback(async (): Promise<void> => {
    const request = ++requestCount.current;
    if (key === null) return;
    const isLatest = () => request === requestCount.current;
    try {
      const items = await loadRef.current(key);
      if (isLatest()) setState({ key, items, loaded: true, error: null });
    } catch (error) {
      if (isLatest()) {
        setState((previous) => ({
          ...(previous.key === key ? previous : { key, items: [] }),
          loaded: true,
          error: apiErrorMessage(error, failureMessage),
        }));
      }
    }
  }, [key, failureMessage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useReloadOnPush(reload, { workspaceId: key, memberships: true });

  const current = state.key === key ? state : null;
  return {
    items: current?.items ?? [],
    loading: key !== null && !current?.loaded,
    error: current?.error ?? null,
    reload,
  };
}
