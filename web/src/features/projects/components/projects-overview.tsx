import { Link } from 'react-router-dom';
import { useToday } from '@/hooks/use-today';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonCards } from '@/components/ui/skeleton';
import { WorkspaceMissing } from '@/components/workspace-gate';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { readFailure } from '@/lib/load-failure';
import { FETCH_PROJECTS_FAILED, useProjects } from '../api/get-projects';
import { NoWorkspaceCard } from './no-workspace-card';
import { ProjectCard } from './project-card';
import { ProjectStats } from './project-stats';
import './project-list.css';

/** The body of /projects: stat tiles and the grid of cards, or the loading, error, empty and no-workspace states. */
export function ProjectsOverview() {
  const workspace = useCurrentWorkspace();
  const query = useProjects();
  const today = useToday();
  const projects = query.data ?? [];

  // Said once its first retry failed too (the last goes on behind the message), not after every retry.
  const failure = readFailure(query);
  if (workspace.loading || (workspace.currentWorkspace && query.isPending && !failure)) return <SkeletonCards label="Loading projects..." />;
  if (!workspace.currentWorkspace) return <WorkspaceMissing none={<NoWorkspaceCard />} />;
  // A list that failed after it had loaded keeps showing what it had, under the error.
  const error = query.isError ? query.error : (failure?.error ?? null);
  const loadError = error ? <LoadError what="projects" message={FETCH_PROJECTS_FAILED} error={error} onRetry={() => void query.refetch()} /> : null;
  // Never loaded: no zeros that would read as an empty workspace, only the error.
  if (error && query.data === undefined) return loadError;

  return (
    <>
      {loadError}
      <ProjectStats projects={projects} />
      <section className="project-list" aria-labelledby="all-projects-title">
        <h2 id="all-projects-title" className="project-list-title">
          All Projects ({projects.length})
        </h2>
        {projects.length > 0 ? (
          <ul className="project-grid">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} today={today} />
              </li>
            ))}
          </ul>
        ) : error ? null : (
          <div className="empty-state card">
            <h3>No projects yet</h3>
            <p className="muted">Projects group the tasks, milestones and notes of one piece of work.</p>
            <Link to={paths.app.newProject.getHref()} className="btn btn-primary">
              Create Your First Project
            </Link>
          </div>
        )}
      </section>
    </>
  );
}
