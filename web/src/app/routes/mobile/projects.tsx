import { Link } from 'react-router-dom';
import { sortProjects } from '@shared/rules/projects';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonCards } from '@/components/ui/skeleton';
import { WorkspaceMissing } from '@/components/workspace-gate';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FETCH_PROJECTS_FAILED, useProjects } from '@/features/projects/api/get-projects';
import { ProjectCard } from '@/features/projects/components/project-card';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useToday } from '@/hooks/use-today';
import { readFailure } from '@/lib/load-failure';

/** /mobile/projects (spec pages §2): favourites first, then priority, then newest; a floating add button. */
export function MobileProjectsRoute() {
  useDocumentTitle('Projects');
  const { currentWorkspace } = useCurrentWorkspace();
  const projects = useProjects();
  const today = useToday();
  const shown = sortProjects((projects.data ?? []).filter((project) => !project.archived));
  const failure = readFailure(projects);
  return (
    <>
      <h1 tabIndex={-1}>Projects</h1>
      {!currentWorkspace ? (
        <WorkspaceMissing none={<p className="muted">Select a workspace from the menu to see its projects.</p>} />
      ) : failure ? (
        <LoadError what="projects" message={FETCH_PROJECTS_FAILED} error={failure.error} onRetry={() => void projects.refetch()} />
      ) : projects.isPending ? (
        <SkeletonCards label="Loading projects…" />
      ) : shown.length === 0 ? (
        <p className="muted">No projects yet. Create your first one.</p>
      ) : (
        <div className="mobile-list">
          {shown.map((project) => (
            <ProjectCard key={project.id} project={project} today={today} href={paths.mobile.project.getHref(project.id)} />
          ))}
        </div>
      )}
      <Link to={paths.app.newProject.getHref()} className="mobile-fab" aria-label="New Project">
        <PlusIcon />
      </Link>
    </>
  );
}
