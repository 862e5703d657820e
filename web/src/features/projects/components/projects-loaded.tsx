import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { readFailure } from '@/lib/load-failure';
import { FETCH_PROJECTS_FAILED } from '../api/get-projects';

/**
 * A view across the workspace's projects, once their list has been read. Such a view shows each task or
 * note with its project and leaves out one whose project it does not know, so before the list comes, or
 * when it cannot be read, it would wrongly say it is empty. Shows `loading` until then, or the failure with
 * Retry; a list read once stays shown when a later reload fails.
 */
export function ProjectsLoaded({ projects, loading, children }: { projects: UseQueryResult<unknown>; loading: ReactNode; children: ReactNode }) {
  if (projects.data !== undefined) return children;
  // Said once the first retry failed too (the last goes on behind the message).
  if (readFailure(projects)) return <ProjectsLoadError projects={projects} />;
  return loading;
}

/** "Couldn't load projects" with Retry, for a view that shows the rest of itself meanwhile. */
export function ProjectsLoadError({ projects }: { projects: UseQueryResult<unknown> }) {
  return <LoadError what="projects" message={FETCH_PROJECTS_FAILED} error={readFailure(projects)?.error ?? projects.error} onRetry={() => void projects.refetch()} />;
}
