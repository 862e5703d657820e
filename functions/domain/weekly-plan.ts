import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { sortProjects } from '../../shared/rules/projects.js';
import { isValidTimeZone } from '../../shared/rules/time-zones.js';
import { openBlockerIds } from '../../shared/rules/task-blockers.js';
import { plannedAsWork } from '../../shared/rules/subtasks.js';
import { workingMinutesOn } from '../../shared/rules/working-time.js';
import { DEFAULT_WORKING_TIME } from '../../shared/schemas/profile.js';
import { planWeek, PLAN_DAYS, taskMinutes, weekDayOf, type Placement } from '../../shared/rules/weekly-planner.js';
import { weekDayNames, type ProjectSummary, type TaskView } from '../../shared/schemas/project.js';
import type { GenerateWeeklyPlanInput, PlanScope, SavedWeeklyPlan, WeeklyPlanView } from '../../shared/schemas/weekly-plan.js';
import { listProjects } from '../data/projects.js';
import { parseChild, replaceTasksIfCurrent } from '../data/project-children.js';
import { everyTaskOf } from '../data/task-index.js';
import { readWeeklyPlan, saveWeeklyPlan, type SavedPlanOwner, type StoredPlanEntry } from '../data/weekly-plans.js';
import { mergeSavedPlans } from './saved-plans.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError } from '../lib/errors.js';
import { MANAGING_ROLES, readAsMember, requireMembership } from './authorize.js';
import { busyMinutesOf } from './google-calendar-views.js';
import { addBusyMinutes, comingBusyMinutes } from '../../shared/rules/repeat.js';
import { membersWithProfiles } from './members.js';
import { nextRevision } from './project-writes.js';
import { countMetric } from '../lib/metrics.js';

/**
 * Generating the weekly plan (spec core §2, §7): the pending tasks of the workspace's active projects are
 * placed by the pure planner (shared/rules/weekly-planner.ts) and their due dates set, each write
 * versioned — a task someone changed meanwhile keeps their edit and is reported, not overwritten.
 */

/** Every open task of the workspace (To Do and In Progress), from the task index. */
async function pendingTasksOf(workspaceId: string): Promise<TaskView[]> {
  const columns = await Promise.all(
    (['todo', 'in_progress'] as const).map((status) => everyTaskOf(workspaceId, { by: 'status', status, limit: 100 })),
  );
  return columns.flat().map((item) => parseChild('task', item));
}

function checkFocus(projects: readonly ProjectSummary[], focusProjects: readonly string[]): void {
  const active = new Set(projects.filter((project) => !project.archived).map((project) => project.id));
  const unknown = focusProjects.filter((id) => !active.has(id));
  if (unknown.length === 0) return;
  const message = `focusProjects: ${unknown.length === 1 ? 'is not an active project of this workspace' : 'are not active projects of this workspace'}: ${unknown.join(', ')}`;
  throw new BadRequestError(message, [{ field: 'focusProjects', message: message.replace('focusProjects: ', '') }]);
}

/**
 * Sets each placed task's due date in versioned batches, from the copy the task index gave (no read
 * again); answers the ids of the tasks that changed (or went) meanwhile, which keep what they have.
 */
export function writeDueDates(caller: Caller, workspaceId: string, writes: readonly { task: TaskView; date: string }[]): Promise<Set<string>> {
  const now = new Date().toISOString();
  return replaceTasksIfCurrent(
    workspaceId,
    writes.map(({ task, date }) => ({ next: { ...task, dueDate: date, ...nextRevision(task, now) }, expectedVersion: task.version })),
    caller.userId,
  );
}

const ownerOf = (scope: PlanScope, caller: Caller): SavedPlanOwner => (scope === 'team' ? { kind: 'team' } : { kind: 'own', userId: caller.userId });

/** A plan worked out but not saved: where each task would go, and what fits nowhere. */
export interface ComputedPlan {
  /** The whole workspace's (an owner or admin), or only the caller's own tasks (a member). */
  readonly scope: PlanScope;
  readonly today: string;
  readonly placements: readonly Placement[];
  readonly unplaced: readonly { taskId: string; reason: string }[];
  /** The planned tasks as read (their versions are what the due-date writes expect). */
  readonly tasks: ReadonlyMap<string, TaskView>;
  /** Whose time each task was planned in: its assignee, or null for the team pool (a former member's too). */
  readonly plannedAssignees: ReadonlyMap<string, string | null>;
  readonly projects: ReadonlyMap<string, ProjectSummary>;
  /** Each planner's minutes still free per day of the plan once it is made (who has room on Friday). */
  readonly roomLeft: Readonly<Record<string, readonly number[]>>;
}

/**
 * Works the plan out without writing anything: the pending tasks of the active projects in each member's
 * working time (Settings; 8 hours Monday to Friday by default) less their calendar events (the team's
 * unassigned work in the members' free time), deadlines first, then focus projects. An owner or admin plans the whole workspace; a member only the tasks assigned
 * to them, in their own time. The Generate route saves it; the assistant's preview only shows it: one
 * function, the same inputs, the same plan.
 */
export async function computeWeeklyPlan(
  caller: Caller,
  workspaceId: string,
  { today, timeZone, focusProjects = [] }: { today: string; timeZone: string | undefined; focusProjects?: readonly string[] },
): Promise<ComputedPlan> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const scope: PlanScope = MANAGING_ROLES.includes(membership.role) ? 'team' : 'own';
  const [projects, { views: members, profiles }, allPending, previous] = await Promise.all([
    listProjects(workspaceId),
    membersWithProfiles(workspaceId, membership.role),
    pendingTasksOf(workspaceId),
    readWeeklyPlan(workspaceId, ownerOf(scope, caller)),
  ]);
  const weekDates = Array.from({ length: PLAN_DAYS }, (_, offset) => addDays(today, offset));
  // Each member's working time (Settings): their hours on their working days, none on a day off.
  const workingMinutes = Object.fromEntries(
    members.map((member) => {
      const time = profiles.get(member.userId)?.workingTime ?? DEFAULT_WORKING_TIME;
      return [member.userId, Object.fromEntries(weekDates.map((date) => [date, workingMinutesOn(time, date)]))];
    }),
  );
  checkFocus(projects, focusProjects);
  const active = new Map(sortProjects(projects).filter((project) => !project.archived).map((project) => [project.id, project]));
  // Sub-tasks are planned, not their parent beside them (its estimate would count twice): shared/rules/subtasks.ts.
  const pending = plannedAsWork(
    allPending.filter((task) => active.has(task.projectId) && (scope === 'team' || task.assignedTo === caller.userId)),
    allPending,
  );
  // Tasks keep the assignee who left or was removed: the plan gives them to the team, whose time is real.
  const memberIds = new Set(members.map((member) => member.userId));
  // Blockers still open anywhere in the workspace hold their tasks back; a done or deleted one does not.
  const openTasks = new Map(allPending.map((task) => [task.id, task]));
  const openIds = new Set(openTasks.keys());
  const toPlan = pending.map(({ blockedBy = [], ...task }) => ({
    ...task,
    assignedTo: task.assignedTo && !memberIds.has(task.assignedTo) ? null : task.assignedTo,
    openBlockerIds: openBlockerIds({ blockedBy }, openIds),
  }));
  // Open blockers the plan does not place (another member's, or an archived project's): due when they are due.
  const planned = new Set(toPlan.map((task) => task.id));
  const outsideBlockers = Object.fromEntries(
    toPlan
      .flatMap((task) => task.openBlockerIds)
      .filter((id) => !planned.has(id))
      .map((id) => {
        const blocker = openTasks.get(id) as TaskView;
        return [id, { title: blocker.title, dueDate: blocker.dueDate }];
      }),
  );
  // Everyone whose time the plan uses, calendars included: the team's work goes in any member's free time.
  const planners = scope === 'team' ? [...memberIds] : [caller.userId];
  const week = { from: today, to: addDays(today, PLAN_DAYS - 1) };
  const calendarBusy = await busyMinutesOf(workspaceId, planners, week, timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC');
  // Repeating tasks' coming occurrences this week (not stored yet) take their assignees' time too.
  const busyMinutes = addBusyMinutes(calendarBusy, comingBusyMinutes(pending, week.from, week.to));

  const { placements, unplaced, roomLeft } = planWeek({
    today,
    tasks: toPlan,
    projects: [...active.values()],
    focusProjectIds: focusProjects,
    // A member's own plan has only their time: the team's unassigned work is not theirs to date.
    memberIds: planners,
    memberNames: Object.fromEntries(members.map((member) => [member.userId, member.displayName])),
    busyMinutes,
    // The team's plan is saved for everyone to read: its reasons never say how much of anyone's calendar was
    // busy. A member's own plan is theirs alone.
    ...(scope === 'own' ? { viewerId: caller.userId } : {}),
    workingMinutes,
    outsideBlockers,
    // Regenerated, a task stays on the day the last plan gave it while that day still suits it.
    previousDates: Object.fromEntries((previous?.entries ?? []).flatMap((entry) => (entry.outcome === 'placed' && entry.date ? [[entry.taskId, entry.date]] : []))),
    // …and the team's work with the member whose time it took (moving it would take another member's planned time).
    previousDoneBy: Object.fromEntries((previous?.entries ?? []).flatMap((entry) => (entry.outcome === 'placed' && entry.doneBy ? [[entry.taskId, entry.doneBy]] : []))),
  });
  return {
    scope,
    today,
    placements,
    unplaced,
    tasks: new Map(pending.map((task) => [task.id, task])),
    plannedAssignees: new Map(toPlan.map((task) => [task.id, task.assignedTo])),
    projects: active,
    roomLeft: Object.fromEntries(planners.map((planner) => [planner, roomLeft[planner] ?? []])),
  };
}

/**
 * Generate (spec core §7): works the plan out, sets the due dates it moves, and saves where it put each task
 * and why, so the card still shows the reasons after a reload.
 */
export async function generateWeeklyPlanFor(caller: Caller, workspaceId: string, input: GenerateWeeklyPlanInput, now: Date = new Date()): Promise<WeeklyPlanView> {
  if (input.workspaceId !== undefined && input.workspaceId !== workspaceId) {
    throw new BadRequestError('workspaceId: is not the workspace of this address', [{ field: 'workspaceId', message: 'is not the workspace of this address' }]);
  }
  const { scope, today, placements, unplaced, tasks, projects: active } = await computeWeeklyPlan(caller, workspaceId, {
    today: todayIn(input.timeZone, now),
    timeZone: input.timeZone,
    focusProjects: input.focusProjects ?? [],
  });
  const taskOf = (id: string) => tasks.get(id) as TaskView;
  // A due date only ever moves earlier (or is set where there was none): a deadline the plan could not keep,
  // or one already passed, stays as it is, so late work stays late where everyone can see it.
  const moves = placements.filter((placement) => {
    const due = taskOf(placement.taskId).dueDate;
    return due === null || placement.date < due;
  });
  const conflicts = await writeDueDates(
    caller,
    workspaceId,
    moves.map((placement) => ({ task: taskOf(placement.taskId), date: placement.date })),
  );
  countMetric('WeeklyPlansGenerated');

  const planned = placements.filter((placement) => !conflicts.has(placement.taskId));
  const leftOut = (taskId: string, reason: string) => ({ taskId, projectId: taskOf(taskId).projectId, title: taskOf(taskId).title, reason });
  const view: WeeklyPlanView = {
    days: Array.from({ length: PLAN_DAYS }, (_, offset) => {
      const date = addDays(today, offset);
      const onDay: Placement[] = planned.filter((placement) => placement.date === date);
      return {
        date,
        dayName: weekDayNames[weekDayOf(date)],
        isToday: offset === 0,
        tasks: onDay.map((placement) => {
          const task = taskOf(placement.taskId);
          const project = active.get(task.projectId);
          return {
            id: task.id,
            projectId: task.projectId,
            title: task.title,
            description: task.description,
            priority: task.priority,
            projectName: project?.name ?? '',
            projectColor: project?.color ?? '',
            timeEstimate: task.timeEstimate,
            reason: placement.reason,
            ...(placement.late ? { late: true as const, dueDate: task.dueDate } : {}),
            ...(placement.overCapacity ? { overCapacity: true as const } : {}),
            ...(placement.risk
              ? {
                  risk: {
                    ...placement.risk,
                    assignedTo: task.assignedTo,
                    timeEstimate: task.timeEstimate,
                    // Its due date once Generate wrote it (only ever earlier).
                    dueDate: task.dueDate === null || placement.date < task.dueDate ? placement.date : task.dueDate,
                  },
                }
              : {}),
          };
        }),
        totalTasks: onDay.length,
        totalTime: onDay.reduce((sum, placement) => sum + taskMinutes(taskOf(placement.taskId)), 0),
      };
    }),
    unplaced: unplaced.map((entry) => leftOut(entry.taskId, entry.reason)),
    conflicts: [...conflicts].map((taskId) => leftOut(taskId, 'Changed by someone while the plan was made: kept as they left it')),
  };
  await saveWeeklyPlan(workspaceId, ownerOf(scope, caller), { generatedAt: now.toISOString(), generatedBy: caller.userId, weekStart: today, entries: entriesOf(view, new Map(planned.map((placement) => [placement.taskId, placement.doneBy]))) });
  return view;
}

/** The plan as saved: one entry per task it placed, left out, or found changed. */
function entriesOf(view: WeeklyPlanView, doneBy: ReadonlyMap<string, string | undefined>): StoredPlanEntry[] {
  return [
    ...view.days.flatMap((day) =>
      day.tasks.map((task) => ({
        outcome: 'placed' as const,
        taskId: task.id,
        projectId: task.projectId,
        title: task.title,
        reason: task.reason,
        date: day.date,
        ...(task.late ? { late: true as const } : {}),
        ...(task.overCapacity ? { overCapacity: true as const } : {}),
        ...(task.risk ? { risk: task.risk } : {}),
        ...(doneBy.get(task.id) ? { doneBy: doneBy.get(task.id) } : {}),
      })),
    ),
    ...view.unplaced.map((entry) => ({ outcome: 'unplaced' as const, ...entry })),
    ...view.conflicts.map((entry) => ({ outcome: 'conflict' as const, ...entry })),
  ];
}

/** The last plan as the caller sees it (GET): the team's, with their own over it. */
export async function savedWeeklyPlanFor(caller: Caller, workspaceId: string): Promise<SavedWeeklyPlan | null> {
  const plans = await readAsMember(workspaceId, caller.userId, () =>
    Promise.all([readWeeklyPlan(workspaceId, { kind: 'team' }), readWeeklyPlan(workspaceId, { kind: 'own', userId: caller.userId })]),
  );
  return mergeSavedPlans(plans);
}
