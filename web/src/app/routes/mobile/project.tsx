import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { completionPercent } from '@shared/rules/projects';
import type { TaskStatus } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { LoadingRegion, Skeleton, SkeletonLines } from '@/components/ui/skeleton';
import { WorkspaceMissing } from '@/components/workspace-gate';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FETCH_PROJECTS_FAILED, useProjects } from '@/features/projects/api/get-projects';
import { LOAD_PROJECT_FAILED, useProjectItems } from '@/features/projects/api/get-project-items';
import { useWorkspaceHoldingProject } from '@/features/projects/api/workspace-holding-project';
import { TaskDialog } from '@/features/projects/components/dialogs/task-dialog';
import { ProjectInOtherWorkspace } from '@/features/projects/components/project-in-other-workspace';
import { ProjectComments } from '@/features/projects/components/project-detail/project-comments';
import { columnTasks } from '@/features/projects/utils/task-groups';
import { ProjectExportPanel } from '@/features/exports';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { readFailure } from '@/lib/load-failure';
import { MobileTaskRows } from './task-rows';

/** Counts and sections in the spec's order (pages §2 Mobile layout: To Do, In Progress, Completed). */
const sections: readonly { status: TaskStatus; title: string }[] = [
  { status: 'todo', title: 'To Do' },
  { status: 'in_progress', title: 'In Progress' },
  { status: 'completed', title: 'Completed' },
];

function ProjectTasks({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const items = useProjectItems(workspaceId, projectId);
  const projects = useProjects().data ?? [];
  const [creating, setCreating] = useState(false);
  const failure = readFailure(items);
  if (failure) return <LoadError what="this project’s tasks" message={LOAD_PROJECT_FAILED} error={failure.error} onRetry={() => void items.refetch()} />;
  if (!items.data) return <SkeletonLines label="Loading tasks…" lines={5} />;
  const tasks = items.data.tasks;

  return (
    <>
      <dl className="mobile-stats">
        {sections.map(({ status, title }) => (
          <div key={status}>
            <dt>{title}</dt>
            <dd>{columnTasks(tasks, status).length}</dd>
          </div>
        ))}
      </dl>
      {sections.map(({ status, title }) => (
        <section key={status} className="mobile-section" aria-label={title}>
          <h2 className="mobile-section-title">{title}</h2>
          {columnTasks(tasks, status).length === 0 ? <p className="muted">No tasks</p> : <MobileTaskRows workspaceId={workspaceId} tasks={columnTasks(tasks, status)} projects={projects} />}
        </section>
      ))}
      <Button className="mobile-fab" variant="primary" aria-label="Add Task" onClick={() => setCreating(true)}>
        <PlusIcon />
      </Button>
      {creating ? <TaskDialog mode="create" workspaceId={workspaceId} projectId={projectId} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/**
 * /mobile/projects/{projectId} (spec pages §2): the project's tasks in three sections, edited in dialogs, then
 * its comments (issue 37).
 */
export function MobileProjectRoute() {
  const { projectId = '' } = useParams();
  const { currentWorkspace, setCurrentWorkspace } = useCurrentWorkspace();
  const projects = useProjects();
  const project = projects.data?.find((candidate) => candidate.id === projectId);
  const elsewhere = useWorkspaceHoldingProject(projectId, !project && projects.data !== undefined);
  useDocumentTitle(project?.name ?? 'Project');
  if (!currentWorkspace) return <WorkspaceMissing none={<p className="muted">Select a workspace from the menu to see its projects.</p>} loadingLabel="Loading project…" />;
  // A list that could not be loaded is not a missing project.
  if (projects.isError && !projects.data) {
    return <LoadError what="this project" message={FETCH_PROJECTS_FAILED} error={projects.error} onRetry={() => void projects.refetch()} />;
  }
  if (projects.isPending || elsewhere.searching) {
    return (
      <LoadingRegion label="Loading project…">
        <Skeleton height="1.75rem" width="60%" />
        <Skeleton height="0.9rem" width="40%" />
      </LoadingRegion>
    );
  }
  if (!project && elsewhere.workspace) return <ProjectInOtherWorkspace workspace={elsewhere.workspace} onOpen={setCurrentWorkspace} />;
  if (!project) {
    return (
      <>
        <h1 tabIndex={-1}>Project not found</h1>
        <p className="muted">The project you are looking for does not exist.</p>
        <Link to={paths.mobile.projects.getHref()} className="btn">
          Back to Projects
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 tabIndex={-1}>{project.name}</h1>
      <p className="muted">
        {project.taskCount} {project.taskCount === 1 ? 'task' : 'tasks'} · {completionPercent(project)}% complete
      </p>
      <ProjectTasks workspaceId={currentWorkspace.id} projectId={project.id} />
      {/* The project's own conversation, as on its desktop page's Comments tab (issue 37), below its tasks. */}
      <div className="mobile-comments">
        <ProjectComments project={project} />
      </div>
      <ProjectExportPanel workspaceId={currentWorkspace.id} projectId={project.id} />
    </>
  );
}
