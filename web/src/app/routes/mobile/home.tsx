import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { WorkspaceGate } from '@/components/workspace-gate';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { useProjects } from '@/features/projects/api/get-projects';
import { ProjectsLoaded } from '@/features/projects/components/projects-loaded';
import { useAuth } from '@/lib/auth';
import { useDisplayName } from '@/features/settings/api/profile';
import { useToday } from '@/hooks/use-today';
import { readFailure } from '@/lib/load-failure';
import { TaskFacts } from '@/features/projects/components/task-board/task-card';

/** Good morning before 12, afternoon before 18, else evening (spec pages §2 Mobile Home). */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  return hour < 18 ? 'Good afternoon' : 'Good evening';
}

const RECENT_PROJECTS = 3;

// The task form comes with the Tasks page's code, loaded when Home shows (not with the phone's first page).
const NewTaskButton = lazy(async () => ({ default: (await import('./tasks')).NewTaskButton }));
const NewProjectButton = lazy(async () => ({ default: (await import('./new-project-button')).NewProjectButton }));

function HomeContent({ workspaceId }: { workspaceId: string }) {
  const today = useToday();
  const dashboard = useDashboard(workspaceId, today);
  const projectsQuery = useProjects();
  const projects = (projectsQuery.data ?? []).filter((project) => !project.archived);
  const recent = [...projects].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, RECENT_PROJECTS);
  const failure = readFailure(dashboard);
  if (failure) return <LoadError what="your day" error={failure.error} onRetry={() => void dashboard.refetch()} />;
  const loading = <SkeletonLines label="Loading…" lines={4} />;
  if (!dashboard.data) return loading;
  const { tasks, today: due } = dashboard.data;
  // Overdue first (each says so among its facts), then today's.
  const todays = [...due.overdue, ...due.dueToday].slice(0, 3);
  return (
    <ProjectsLoaded projects={projectsQuery} loading={loading}>
      <p className="muted">
        {due.overdueCount + due.dueTodayCount} {due.overdueCount + due.dueTodayCount === 1 ? 'task' : 'tasks'} due today or overdue
      </p>
      <dl className="mobile-stats">
        <div>
          <dt>Projects</dt>
          <dd>{projects.length}</dd>
        </div>
        <div>
          <dt>Tasks</dt>
          <dd>{tasks.total}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{tasks.completed}</dd>
        </div>
      </dl>
      <section className="mobile-section" aria-labelledby="mobile-today-title">
        <h2 id="mobile-today-title" className="mobile-section-title">
          Today&apos;s Tasks
          <Link to={paths.mobile.tasks.getHref()} className="btn btn-ghost btn-sm">
            View all
          </Link>
        </h2>
        {todays.length === 0 ? (
          <p className="muted">No tasks due today!</p>
        ) : (
          // The Tasks tab opens them (as sheets); Home stays light, the first page a phone loads.
          <ul className="mobile-list">
            {todays.map((task) => (
              <li key={task.id} className="mobile-row">
                <div className="mobile-row-body">
                  <Link className="mobile-row-main" to={paths.mobile.tasks.getHref()}>
                    {task.title}
                  </Link>
                  <TaskFacts task={task} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mobile-section" aria-labelledby="mobile-recent-title">
        <h2 id="mobile-recent-title" className="mobile-section-title">
          Recent Projects
        </h2>
        {recent.length === 0 ? (
          <p className="muted">No projects yet</p>
        ) : (
          <ul className="mobile-list">
            {recent.map((project) => (
              <li key={project.id} className="mobile-row">
                <Link to={paths.mobile.project.getHref(project.id)}>{project.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mobile-actions">
        <Suspense fallback={null}>
          <NewTaskButton workspaceId={workspaceId} />
        </Suspense>
        <Suspense fallback={null}>
          <NewProjectButton workspaceId={workspaceId} />
        </Suspense>
        <Link to={paths.mobile.links.getHref()} className="btn">
          <PlusIcon /> Add Link
        </Link>
      </div>
    </ProjectsLoaded>
  );
}

/** /mobile (spec pages §2 Mobile layout, Home). */
export function MobileHomeRoute() {
  useDocumentTitle('Home');
  const { user } = useAuth();
  const name = useDisplayName(user?.name ?? 'there');
  return (
    <>
      <h1 tabIndex={-1}>
        {greetingFor(new Date().getHours())}, {name}
      </h1>
      <WorkspaceGate none={<p className="muted">Select a workspace from the menu to get started.</p>}>
        {(workspace) => <HomeContent workspaceId={workspace.id} />}
      </WorkspaceGate>
    </>
  );
}
