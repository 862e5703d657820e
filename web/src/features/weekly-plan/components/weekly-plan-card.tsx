import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TaskView } from '@shared/schemas/project';
import type { PlanScope, SavedWeeklyPlan } from '@shared/schemas/weekly-plan';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { LabelChips } from '@/features/labels';
import { ParentTaskName } from '@/features/projects';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { readFailure } from '@/lib/load-failure';
import { generateErrorMessage, useGenerateWeeklyPlan, useSavedWeeklyPlan, useWeekTasks } from '../api/weekly-plan';
import { shortDate } from '@shared/rules/weekly-planner';
import { dayLoad, dayLoadLabels, formatMinutes, lateDays, planDays, planNotes, type PlanDay, type PlanNote, type PlanProject } from '../utils/plan-days';
import './weekly-plan.css';
import { SkeletonLines } from '@/components/ui/skeleton';

type Step = 'closed' | 'warning' | 'focus';

const FocusProjectsDialog = lazyWhenOnline(() => import('./focus-projects-dialog'), 'FocusProjectsDialog');

/** One day of the schedule: a button that opens its tasks, each a link to the task (and why it is there). */
function DayRow({ day, notes, onPin }: { day: PlanDay; notes: ReadonlyMap<string, PlanNote>; onPin: (taskId: string, pinned: boolean) => void }) {
  const [open, setOpen] = useState(day.isToday);
  const load = dayLoad(day.totalTime);
  const listId = `plan-day-${day.date}`;
  return (
    <li className="plan-day">
      <button type="button" className="plan-day-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span className={`plan-dot plan-dot-${load}`} aria-hidden="true" />
        <span className="plan-day-name">{day.dayName}</span>
        {day.isToday ? <span className="badge">Today</span> : null}
        <span className="plan-day-meta">
          {day.totalTasks} {day.totalTasks === 1 ? 'task' : 'tasks'} · {formatMinutes(day.totalTime)}
          <span className="visually-hidden">, {dayLoadLabels[load]}</span>
        </span>
        <ChevronDownIcon className="plan-day-chevron" />
      </button>
      {open ? (
        <ul id={listId} className="plan-tasks">
          {day.tasks.length === 0 ? <li className="muted">Nothing planned</li> : null}
          {day.tasks.map((task) => (
            <li key={task.id} className="plan-task">
              <span className="plan-task-color" style={{ background: task.projectColor }} aria-hidden="true" />
              <Link to={paths.app.projectTask.getHref(task.projectId, task.id)}>{task.title}</Link>
              <ParentTaskName task={task} className="muted" />
              {task.labelIds ? <LabelChips labelIds={task.labelIds} /> : null}
              {task.wasDue ? <span className="badge badge-late">Late · was due {shortDate(task.wasDue)}</span> : null}
              {notes.get(task.id)?.overCapacity ? <span className="badge badge-over">Over capacity</span> : null}
              {task.wasDue ? null : (
                <button
                  type="button"
                  className={task.pinned ? 'btn btn-ghost btn-sm plan-pin is-pinned' : 'btn btn-ghost btn-sm plan-pin'}
                  aria-pressed={task.pinned === true}
                  // The visible words first, then which task (several rows say 'Pin to Monday').
                  aria-label={`${task.pinned ? 'Pinned to' : 'Pin to'} ${day.dayName}: ${task.title}`}
                  title={task.pinned ? 'Pinned: a new plan keeps it on this day' : 'Pin to this day: a new plan keeps it here'}
                  onClick={() => onPin(task.id, !task.pinned)}
                >
                  {task.pinned ? `Pinned to ${day.dayName}` : `Pin to ${day.dayName}`}
                </button>
              )}
              <span className="plan-task-meta">
                {task.projectName} · {formatMinutes(task.minutes)}
              </span>
              {notes.get(task.id)?.risk ? <p className="plan-task-risk">At risk: {notes.get(task.id)?.risk}</p> : null}
              {notes.get(task.id) ? (
                <details className="plan-task-why">
                  <summary>Why this day?</summary>
                  {notes.get(task.id)?.reason}
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** What the last plan could not place, or found changed meanwhile. */
function LeftOut({ plan }: { plan: SavedWeeklyPlan }) {
  const entries = [...plan.unplaced, ...plan.conflicts];
  if (entries.length === 0) return null;
  return (
    <details className="plan-left-out">
      <summary>
        {plan.unplaced.length > 0 ? `${plan.unplaced.length} not placed` : ''}
        {plan.unplaced.length > 0 && plan.conflicts.length > 0 ? ', ' : ''}
        {plan.conflicts.length > 0 ? `${plan.conflicts.length} changed meanwhile` : ''}
      </summary>
      <ul>
        {entries.map((entry) => (
          <li key={entry.taskId}>
            <Link to={paths.app.projectTask.getHref(entry.projectId, entry.taskId)}>{entry.title}</Link>: {entry.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The Weekly Plan card (spec core §2): this week's schedule from the task index, and the Generate flow —
 * the 'Update Due Dates' warning, then 'Focus Projects (Optional)', then the plan, with a reason per task.
 */
export function WeeklyPlanCard({
  workspaceId,
  today,
  projects,
  projectsFailure,
  planScope,
  onPin,
}: {
  workspaceId: string;
  /** The browser's date: the plan's week starts on it. */
  today: string;
  /** The active projects; undefined until read. */
  projects: readonly PlanProject[] | undefined;
  /** What the card shows instead when the projects could not be read (rather than loading for ever). */
  projectsFailure?: ReactNode;
  /** What Generate plans for this user: the whole workspace (owners, admins) or their own tasks (members). */
  planScope: PlanScope;
  /** Pins a task of the plan to its day, or unpins it (a task edit, with its version). */
  onPin: (task: TaskView, pinned: boolean) => void;
}) {
  const week = useWeekTasks(workspaceId, today);
  const saved = useSavedWeeklyPlan(workspaceId);
  const generate = useGenerateWeeklyPlan(workspaceId);
  const [step, setStep] = useState<Step>('closed');
  const lastPlan = saved.data ?? null;

  const choices = projects ?? [];
  const days = planDays(week.data?.tasks ?? [], choices, today, lateDays(lastPlan));
  // Overdue work alone is no plan (the dashboard lists it as overdue): it shows on today once there is one.
  const hasPlan = days.some((day) => day.tasks.some((task) => !task.wasDue));
  // The reasons are the saved plan's: a reload, or another member's tab, shows the same ones.
  const notes = planNotes(days, lastPlan);
  const run = (focusProjectIds: string[]) => generate.mutate(focusProjectIds, { onSuccess: () => setStep('closed') });
  // A pin is the task's own edit (the page wires the write): a new plan leaves a pinned task on its day.
  const pin = (taskId: string, pinned: boolean) => {
    const task = week.data?.tasks.find((candidate) => candidate.id === taskId);
    if (task) onPin(task, pinned);
  };

  const failure = readFailure(week);
  return (
    <Card
      className="weekly-plan"
      title={hasPlan ? "This Week's Schedule" : 'Weekly Plan'}
      actions={
        hasPlan ? (
          <Button size="sm" onClick={() => setStep('warning')} loading={generate.isPending}>
            Regenerate
          </Button>
        ) : null
      }
    >
      {generate.isError ? <Alert>{generateErrorMessage(generate.error)}</Alert> : null}
      {!projects && projectsFailure ? (
        projectsFailure
      ) : failure ? (
        // The read failed. Not the empty state: that would invite a generation over a plan the user cannot see.
        <LoadError what="this week's tasks" error={failure.error} onRetry={() => void week.refetch()} />
      ) : !week.data || !projects ? (
        <SkeletonLines label="Loading weekly plan…" lines={5} />
      ) : hasPlan ? (
        <ul className="plan-days">
          {days.map((day) => (
            <DayRow key={day.date} day={day} notes={notes} onPin={pin} />
          ))}
        </ul>
      ) : (
        <div className="plan-empty">
          <p className="muted">Spread your open tasks over the next 7 days, by priority and each person's time.</p>
          <Button variant="primary" onClick={() => setStep('warning')} loading={generate.isPending}>
            Generate Your Weekly Plan
          </Button>
        </div>
      )}
      {lastPlan ? <LeftOut plan={lastPlan} /> : null}

      {step === 'warning' ? (
        <ConfirmDialog
          options={{
            title: 'Update Due Dates',
            message:
              planScope === 'team'
                ? 'Generating a plan sets the due dates of all pending tasks for this week, and updates the dates they already have.'
                : 'Generating a plan sets the due dates of your pending tasks for this week, and updates the dates they already have. As a member you plan only the tasks assigned to you.',
            confirmLabel: 'Continue',
          }}
          onConfirm={() => setStep('focus')}
          onCancel={() => setStep('closed')}
        />
      ) : null}
      {step === 'focus' ? (
        <Suspense fallback={null}>
          <FocusProjectsDialog
            projects={choices}
            error={generate.isError ? generateErrorMessage(generate.error) : null}
            generating={generate.isPending}
            onGenerate={run}
            onCancel={() => setStep('closed')}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
