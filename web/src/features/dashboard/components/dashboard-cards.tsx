import { Link } from 'react-router-dom';
import { initials } from '@shared/rules/user-name';
import type { DashboardView } from '@shared/schemas/dashboard';
import type { TaskView } from '@shared/schemas/project';
import { ActionAlert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonCards } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { LabelChips } from '@/features/labels';
import { ParentTaskName } from '@/features/projects';
import { FETCH_DASHBOARD_FAILED, useDashboard } from '../api/get-dashboard';
import { TeamActivity } from './team-activity';
import './dashboard.css';

const roleLabels = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** The three fixed tips of the AI Suggestions card (spec core §2). */
export const AI_SUGGESTIONS = [
  { title: 'Protect your focus time', text: 'Keep 10 AM to 12 PM free of meetings for your hardest work.' },
  { title: 'Batch similar tasks', text: 'Group small, similar tasks and finish them in one sitting.' },
  { title: 'Take short breaks', text: 'Take a 5-minute break every 25 minutes to stay sharp.' },
];

function Figures({ label, figures }: { label: string; figures: readonly { label: string; value: string }[] }) {
  return (
    <dl className="dashboard-figures" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TasksOverview({ tasks }: { tasks: DashboardView['tasks'] }) {
  return (
    <Card title="Tasks Overview">
      <ProgressBar label="Completion rate" value={tasks.completionRate} />
      <Figures
        label="Tasks"
        figures={[
          { label: 'Total', value: String(tasks.total) },
          { label: 'Completed', value: String(tasks.completed) },
          { label: 'Overdue', value: String(tasks.overdue) },
        ]}
      />
    </Card>
  );
}

function TeamPerformance({ team }: { team: DashboardView['team'] }) {
  return (
    <Card title="Team Performance">
      <Figures
        label="Team"
        figures={[
          { label: 'Members', value: String(team.members) },
          { label: 'Assigned tasks', value: String(team.assignedTasks) },
          { label: 'Completed (7 days)', value: String(team.completedLast7Days) },
        ]}
      />
      <ProgressBar label="Assignment rate" value={team.assignmentRate} />
      <p className="muted dashboard-note">Assignment rate: assigned tasks of all tasks.</p>
    </Card>
  );
}

function TeamWorkload({ workload }: { workload: DashboardView['workload'] }) {
  return (
    <Card title="Team Workload">
      {workload.length === 0 ? (
        <p className="muted">No team members yet</p>
      ) : (
        <ul className="workload-list">
          {workload.map((member) => {
            const name = member.displayName || member.email;
            return (
              <li key={member.userId} className="workload-row">
                <span className="avatar" aria-hidden="true">
                  {initials(name) || '?'}
                </span>
                <span className="workload-who">
                  <span className="workload-name">{name}</span>
                  <span className="muted">{roleLabels[member.role]}</span>
                </span>
                <span className="workload-counts">
                  {member.activeTasks} active · {member.completedThisWeek} done this week
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function AiSuggestions() {
  return (
    <Card title="AI Suggestions">
      <ul className="suggestion-list">
        {AI_SUGGESTIONS.map((tip) => (
          <li key={tip.title}>
            <strong>{tip.title}</strong>
            <span className="muted">{tip.text}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function TaskRows({ tasks, overdue }: { tasks: readonly TaskView[]; overdue: boolean }) {
  return tasks.map((task) => (
    <li key={task.id} className="today-row">
      <span className="today-task">
        <Link to={paths.app.projectTask.getHref(task.projectId, task.id)}>{task.title}</Link>
        <ParentTaskName task={task} className="muted" />
        {/* Only a row with labels watches the workspace's labels. */}
        {task.labelIds?.length ? <LabelChips labelIds={task.labelIds} /> : null}
      </span>
      {overdue ? <span className="overdue-tag">Overdue</span> : <span className="muted">Today</span>}
    </li>
  ));
}

function TodaysOverview({ today }: { today: DashboardView['today'] }) {
  const empty = today.overdue.length === 0 && today.dueToday.length === 0;
  return (
    <Card
      title="Today's Overview"
      actions={
        <Link to={paths.app.tasks.getHref()} className="btn btn-ghost btn-sm">
          View all
        </Link>
      }
    >
      {empty ? (
        <p className="muted">No tasks due today!</p>
      ) : (
        <ul className="today-list">
          <TaskRows tasks={today.overdue} overdue />
          <TaskRows tasks={today.dueToday} overdue={false} />
        </ul>
      )}
    </Card>
  );
}

/** The dashboard's figure cards (spec core §2), from one call that counts on the server. */
export function DashboardCards({ workspaceId, today }: { workspaceId: string; today: string }) {
  const dashboard = useDashboard(workspaceId, today);
  if (dashboard.isPending) {
    return (
      <SkeletonCards label="Loading dashboard…" count={4} />
    );
  }
  if (dashboard.isError) return <ActionAlert message={FETCH_DASHBOARD_FAILED} actionLabel="Retry" onAction={() => void dashboard.refetch()} />;
  const { tasks, team, workload, today: due, activity } = dashboard.data;
  return (
    <>
      <TasksOverview tasks={tasks} />
      <TodaysOverview today={due} />
      <TeamPerformance team={team} />
      <TeamWorkload workload={workload} />
      <TeamActivity activity={activity} />
      <AiSuggestions />
    </>
  );
}
