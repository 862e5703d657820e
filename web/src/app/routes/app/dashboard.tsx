import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { ActionAlert, Alert } from '@/components/ui/alert';
import { PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonCards } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useToday } from '@/hooks/use-today';
import { DailyPlanCard } from '@/features/daily-plan/components/daily-plan-card';
import { DashboardCards } from '@/features/dashboard/components/dashboard-cards';
import { projectsQueryOptions, useProjects } from '@/features/projects/api/get-projects';
import { ProjectsLoadError } from '@/features/projects/components/projects-loaded';
import { useUpdateTask } from '@/features/projects/api/task-mutations';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { WeeklyPlanCard } from '@/features/weekly-plan/components/weekly-plan-card';
import { AtRiskCard } from '@/features/weekly-plan/components/at-risk-card';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { readNotice } from '@/lib/route-notice';
import './dashboard.css';

const PIN_FAILED = 'Failed to pin the task';
const UNPIN_FAILED = 'Failed to unpin the task';

/** The dashboard (spec core §2): its cards, each from the feature it shows. */
export function DashboardRoute() {
  const { workspaces, currentWorkspace, loading, error, retry } = useCurrentWorkspace();
  const projectsQuery = useProjects();
  const projects = projectsQuery.data;
  const { user } = useAuth();
  const today = useToday();
  const activeProjects = projects?.filter((project) => !project.archived);
  const queryClient = useQueryClient();
  // Read (from the cache when fresh) when a day is planned, so a plan made before the list arrived is right too.
  const archivedProjectIds = async (workspaceId: string) =>
    new Set((await queryClient.fetchQuery(projectsQueryOptions(workspaceId))).filter((project) => project.archived).map((project) => project.id));
  // The weekly plan's Pin is a task edit like any other.
  const updateTask = useUpdateTask();
  const reportFailure = useReportWriteFailure();
  // Why another page sent the user here (e.g. Create Project without a workspace).
  const notice = readNotice(useLocation().state);

  return (
    <div className="page dashboard-page">
      <PageHeader
        title="Dashboard"
        description={currentWorkspace ? currentWorkspace.name : undefined}
        actions={
          currentWorkspace ? (
            <Link to={paths.app.newProject.getHref()} className="btn btn-primary">
              <PlusIcon /> New Project
            </Link>
          ) : null
        }
      />
      {notice ? <Alert>{notice}</Alert> : null}
      {error ? <ActionAlert message={error} actionLabel="Retry" onAction={retry} /> : null}
      {loading ? (
        <>
          <p className="muted" role="status">
            Loading workspace...
          </p>
          {/* The cards' places meanwhile, so the page does not jump when they come. */}
          <SkeletonCards label="Loading the dashboard" />
        </>
      ) :  !currentWorkspace && !error && workspaces.length === 0 ? (
        // With workspaces but none current, the notices banner asks which to open.
        <section className="empty-state card" aria-labelledby="no-workspace-title">
          <h2 id="no-workspace-title">Create your first workspace</h2>
          <p className="muted">A workspace holds your team’s projects, tasks and notes. Create one to get started.</p>
          <Link to={paths.app.newWorkspace.getHref()} className="btn btn-primary">
            Create Workspace
          </Link>
        </section>
      ) : null}
      {currentWorkspace ? (
        <div className="dashboard-grid">
          <DashboardCards workspaceId={currentWorkspace.id} today={today} />
          <WeeklyPlanCard
            workspaceId={currentWorkspace.id}
            today={today}
            projects={activeProjects}
            projectsFailure={projectsQuery.isError ? <ProjectsLoadError projects={projectsQuery} /> : undefined}
            planScope={currentWorkspace.role === 'member' ? 'own' : 'team'}
            onPin={(task, pinned) =>
              updateTask.mutate({ workspaceId: currentWorkspace.id, task, edit: { pinned } }, { onError: (error) => reportFailure(error, pinned ? PIN_FAILED : UNPIN_FAILED) })
            }
          />
          <AtRiskCard workspaceId={currentWorkspace.id} today={today} projects={activeProjects} />
          {user ? <DailyPlanCard workspaceId={currentWorkspace.id} userId={user.id} today={today} archivedProjectIds={() => archivedProjectIds(currentWorkspace.id)} /> : null}
        </div>
      ) : null}
    </div>
  );
}
