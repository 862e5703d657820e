import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { projectItemsQueryOptions } from '@/features/projects/api/get-project-items';
import { projectsQueryOptions } from '@/features/projects/api/get-projects';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';

/** The project a URL opens, on the desktop or the mobile layout (a task dialog's URL included). */
export function projectIdInPath(pathname: string): string | undefined {
  if (matchPath(paths.app.newProject.path, pathname)) return undefined;
  for (const path of [paths.app.project.path, paths.mobile.project.path]) {
    const projectId = matchPath({ path, end: false }, pathname)?.params.projectId;
    if (projectId) return projectId;
  }
  return undefined;
}

/**
 * Starts the reads the opened page needs as soon as the app knows the workspace (or the one it expects),
 * without waiting for the page's own code to arrive and mount: the workspace's project list (every page's
 * sidebar) and, on a project's URL, what the project holds. Like a route loader; the pages read the same
 * cache entries, so nothing is asked twice.
 */
export function RoutePrefetch() {
  const queryClient = useQueryClient();
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  const projectId = projectIdInPath(useLocation().pathname);

  useEffect(() => {
    if (!workspaceId) return;
    void queryClient.prefetchQuery(projectsQueryOptions(workspaceId));
    if (projectId) void queryClient.prefetchQuery(projectItemsQueryOptions(workspaceId, projectId));
  }, [queryClient, workspaceId, projectId]);
  return null;
}
