import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { sortProjects } from '../../../../../shared/rules/projects';
import type { ProjectView } from '../../../../../shared/schemas/project';
import { latestOnly } from '../../../lib/latest-only';
import { useReloadOnPush } from '../../../lib/use-reload-on-push';
import { useWorkspace } from '../../workspaces/components/workspace-provider';
import { FETCH_PROJECTS_FAILED, listProjects } from '../api/projects-api';
import { applyPending, runOptimistic, type PendingChange, type ProjectsChange } from '../utils/pending-changes';

export interface ProjectsContextValue {
  /** The current workspace's projects in the spec's order, with the optimistic changes still in flight. */
  readonly projects: readonly ProjectView[];
  /** True while the workspace or, the first time, its project list is loading (later reloads keep the old list). */
  readonly loading: boolean;
  readonly error: string | null;
  readonly reload: () => Promise<void>;
  /**
   * Shows `change` at once, runs `request`, then reloads. On failure the change is dropped (the list is as it
   * was), the list reloads (a 409 then shows the other person's write) and the promise rejects with the error.
   */
  readonly mutate: <T>(change: ProjectsChange, request: () => Promise<T>) => Promise<T>;
}

const ProjectsContext = createContext<ProjectsContextValue | null>(null);

interface ListState {
  /** Whose list this is: a list left from another workspace is never shown. */
  readonly workspaceId: string | undefined;
  readonly projects: readonly ProjectView[];
  readonly loaded: boolean;
  readonly error: string | null;
}

const empty = (workspaceId: string | undefined): ListState => ({ workspaceId, projects: [], loaded: false, error: null });

/** The current workspace's projects, kept live by realtime pushes; mounted in the app shell. */
export function ProjectsProvider({ children }: { children: ReactNode }) {
  const { currentWorkspace, loading: workspaceLoading } = useWorkspace();
  const workspaceId = currentWorkspace?.id;
  const [list, setList] = useState<ListState>(() => empty(workspaceId));
  const [pending, setPending] = useState<readonly PendingChange[]>([]);
  const [runLoad] = useState(latestOnly);

  const reload = useCallback((): Promise<void> => {
    if (!workspaceId) return Promise.resolve();
    return runLoad(
      () => listProjects(workspaceId),
      (outcome) => {
        if (outcome.status === 'fulfilled') {
          setList({ workspaceId, projects: outcome.value, loaded: true, error: null });
        } else {
          setList((previous) => ({
            ...(previous.workspaceId === workspaceId ? previous : empty(workspaceId)),
            loaded: true,
            error: FETCH_PROJECTS_FAILED,
          }));
        }
      },
    );
  }, [workspaceId, runLoad]);

  // Loads on start and whenever the current workspace changes.
  useEffect(() => {
    void reload();
  }, [reload]);

  useReloadOnPush(reload, { workspaceId });

  const mutate = useCallback(
    <T,>(change: ProjectsChange, request: () => Promise<T>): Promise<T> => {
      const entry: PendingChange = { workspaceId, change };
      return runOptimistic(
        {
          show: () => setPending((changes) => [...changes, entry]),
          hide: () => setPending((changes) => changes.filter((candidate) => candidate !== entry)),
          reload,
        },
        request,
      );
    },
    [workspaceId, reload],
  );

  const value = useMemo<ProjectsContextValue>(() => {
    const current = list.workspaceId === workspaceId ? list : empty(workspaceId);
    return {
      projects: sortProjects(applyPending(current.projects, pending, workspaceId)),
      loading: workspaceLoading || (Boolean(workspaceId) && !current.loaded),
      error: current.error,
      reload,
      mutate,
    };
  }, [list, pending, workspaceId, workspaceLoading, reload, mutate]);

  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}

export function useProjects(): ProjectsContextValue {
  const context = useContext(ProjectsContext);
  if (!context) throw new Error('useProjects must be used within a ProjectsProvider');
  return context;
}
