/**
 * The dashboard's figures (spec core §2): totals from the project summaries' counters; overdue, due today
 * and each member's load from counting Queries of the task index, a few at a time; the team activity from
 * its feed (one Query). Its cost grows with the number of members, not of tasks or projects.
 *
 * The figures are of the active projects, like /tasks, the calendar, the weekly plan and the reminders: an
 * archived project's tasks are neither overdue, due today, anyone's load nor part of the totals (its
 * overdue tasks would otherwise stay on the dashboard for good, with no list that shows them). Its past
 * stays in the team activity.
 */

import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { ACTIVITY_ROWS, TODAY_ROWS, type DashboardView, type MemberWorkload } from '../../shared/schemas/dashboard.js';
import type { MemberView } from '../../shared/schemas/member.js';
import type { ListTasksQuery } from '../../shared/schemas/task-index.js';
import { latestActivity, type ActivityEvent } from '../data/activity.js';
import { batchGetItems } from '../data/batch-get.js';
import { keys } from '../data/keys.js';
import { parseChild } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { countTasksOf, firstTasksOf } from '../data/task-index.js';
import type { Caller } from '../lib/caller.js';
import { requireMembership } from './authorize.js';
import { memberViewsOf } from './members.js';

/** Members counted at once: three Queries each, so 12 Queries at most under way. */
const MEMBERS_AT_ONCE = 4;
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Runs the jobs with at most `limit` under way. */
async function inBatches<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await (jobs[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** A member's load: open tasks, and those completed this week (spec core §9: 'this week' is the last 7 days). */
async function workloadOf(workspaceId: string, member: MemberView, sevenDaysAgo: string, archived: ReadonlySet<string>) {
  const count = (query: Omit<Extract<ListTasksQuery, { by: 'assignee' }>, 'by' | 'assignee' | 'limit'>) =>
    countTasksOf(workspaceId, { by: 'assignee', assignee: member.userId, limit: 100, ...query }, archived);
  const [activeTasks, completed, completedThisWeek] = await Promise.all([
    count({ state: 'open' }),
    count({ state: 'completed' }),
    count({ state: 'completed', since: sevenDaysAgo }),
  ]);
  const workload: MemberWorkload = {
    userId: member.userId,
    displayName: member.displayName,
    ...(member.email === undefined ? {} : { email: member.email }),
    role: member.role,
    activeTasks,
    completedThisWeek,
  };
  return { workload, assigned: activeTasks + completed };
}

async function firstTasks(workspaceId: string, query: ListTasksQuery, archived: ReadonlySet<string>) {
  return (await firstTasksOf(workspaceId, query, TODAY_ROWS, archived)).map((item) => parseChild('task', item));
}

/**
 * The events whose subject is gone: the project was deleted, or, for a task's event, the task (deleted, or
 * its creation undone). One BatchGet of the few tasks the latest events name.
 */
async function goneSubjects(workspaceId: string, events: readonly ActivityEvent[], projectIds: ReadonlySet<string>): Promise<Set<string>> {
  const taskEvents = events.filter((event) => event.type.startsWith('task_') && event.projectId && event.itemId && projectIds.has(event.projectId));
  const taskKeys = new Map(taskEvents.map((event) => [`${event.projectId}/${event.itemId}`, keys.projectItem('task', workspaceId, event.projectId ?? '', event.itemId ?? '')]));
  const found = new Set((await batchGetItems([...taskKeys.values()])).map((item) => `${String(item.projectId)}/${String(item.id)}`));
  return new Set(
    events
      .filter((event) => (event.projectId && !projectIds.has(event.projectId)) || (taskEvents.includes(event) && !found.has(`${event.projectId}/${event.itemId}`)))
      .map((event) => event.id),
  );
}

export async function dashboardFor(caller: Caller, workspaceId: string, query: { today?: string | undefined }, now: Date = new Date()): Promise<DashboardView> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const [allProjects, members] = await Promise.all([listProjects(workspaceId), memberViewsOf(workspaceId, membership.role)]);
  const projects = allProjects.filter((project) => !project.archived);
  const archived = new Set(allProjects.filter((project) => project.archived).map((project) => project.id));
  const today = query.today ?? todayIn('UTC', now);
  const yesterday = addDays(today, -1);
  const sevenDaysAgo = new Date(now.getTime() - SEVEN_DAYS_MS).toISOString();

  const [overdueCount, dueTodayCount, completedLast7Days, overdue, dueToday, perMember, events] = await Promise.all([
    countTasksOf(workspaceId, { by: 'due', to: yesterday, limit: 100 }, archived),
    countTasksOf(workspaceId, { by: 'due', from: today, to: today, limit: 100 }, archived),
    // Every task completed in the last 7 days, assigned or not.
    countTasksOf(workspaceId, { by: 'status', status: 'completed', since: sevenDaysAgo, limit: 100 }, archived),
    firstTasks(workspaceId, { by: 'due', to: yesterday, limit: TODAY_ROWS }, archived),
    firstTasks(workspaceId, { by: 'due', from: today, to: today, limit: TODAY_ROWS }, archived),
    inBatches(members.map((member) => () => workloadOf(workspaceId, member, sevenDaysAgo, archived)), MEMBERS_AT_ONCE),
    latestActivity(workspaceId, ACTIVITY_ROWS),
  ]);
  const gone = await goneSubjects(workspaceId, events, new Set(allProjects.map((project) => project.id)));
  const names = new Map(members.map((member) => [member.userId, member.displayName]));
  const nameOf = (userId: string) => names.get(userId) ?? 'A former member';

  const total = projects.reduce((sum, project) => sum + project.taskCount, 0);
  const completed = projects.reduce((sum, project) => sum + project.completedTaskCount, 0);
  const assignedTasks = perMember.reduce((sum, entry) => sum + entry.assigned, 0);
  return {
    tasks: { total, completed, overdue: overdueCount, completionRate: percent(completed, total) },
    team: {
      members: members.length,
      assignedTasks,
      completedLast7Days,
      assignmentRate: percent(assignedTasks, total),
    },
    workload: perMember.map((entry) => entry.workload),
    today: { overdue, dueToday, overdueCount, dueTodayCount },
    activity: events.map((event) => ({
      id: event.id,
      type: event.type,
      actorName: nameOf(event.actorId),
      subject: event.subject,
      projectId: event.projectId,
      itemId: event.itemId,
      targetName: event.targetUserId ? nameOf(event.targetUserId) : null,
      at: event.at,
      ...(gone.has(event.id) ? { gone: true as const } : {}),
    })),
  };
}
