import * as z from 'zod/mini';
import { taskStatuses, type TaskView } from '@shared/schemas/project';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { columnTitle } from './task-groups';
import { taskTabs } from './task-tabs';

/**
 * How a user likes /tasks (issue 32): the tab it opens on, list or kanban, comfortable or compact rows, the
 * order and the grouping. Kept in this browser per user, so a shared computer keeps each one's.
 */
export const taskSorts = ['tab', 'due', 'priority', 'created'] as const;
export type TaskSort = (typeof taskSorts)[number];
export const taskSortLabels: Record<TaskSort, string> = { tab: 'As the tab lists them', due: 'Due date', priority: 'Priority', created: 'Newest first' };

export const taskGroupings = ['none', 'project', 'status', 'assignee'] as const;
export type TaskGrouping = (typeof taskGroupings)[number];
export const taskGroupingLabels: Record<TaskGrouping, string> = { none: 'None', project: 'Project', status: 'Status', assignee: 'Assignee' };

const taskListView = z.object({
  tab: z.enum(taskTabs),
  view: z.enum(['list', 'kanban']),
  density: z.enum(['comfortable', 'compact']),
  sort: z.enum(taskSorts),
  group: z.enum(taskGroupings),
});
export type TaskListView = z.infer<typeof taskListView>;

export const DEFAULT_TASK_LIST_VIEW: TaskListView = { tab: 'today', view: 'list', density: 'comfortable', sort: 'tab', group: 'none' };

const savedViews = z.record(z.string(), taskListView);

function readAll(): Record<string, TaskListView> {
  try {
    const parsed = savedViews.safeParse(JSON.parse(readStorage(storageKeys.taskListViews) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function readTaskListView(userId: string | undefined): TaskListView {
  return (userId ? readAll()[userId] : undefined) ?? DEFAULT_TASK_LIST_VIEW;
}

export function writeTaskListView(userId: string | undefined, view: TaskListView): void {
  if (userId) writeStorage(storageKeys.taskListViews, JSON.stringify({ ...readAll(), [userId]: view }));
}

const priorityRank: Record<TaskView['priority'], number> = { high: 0, medium: 1, low: 2 };
const byText = (a: string, b: string) => a.localeCompare(b);

/** The tasks in the chosen order ('tab': as the tab read them); ties keep the tab's order. */
export function sortTasks(tasks: readonly TaskView[], sort: TaskSort): TaskView[] {
  const order = {
    tab: () => 0,
    due: (a: TaskView, b: TaskView) => byText(a.dueDate ?? '9999-12-31', b.dueDate ?? '9999-12-31'),
    priority: (a: TaskView, b: TaskView) => priorityRank[a.priority] - priorityRank[b.priority],
    created: (a: TaskView, b: TaskView) => byText(b.createdAt, a.createdAt),
  }[sort];
  return [...tasks].sort(order);
}

export interface TaskGroup {
  readonly key: string;
  readonly title: string;
  readonly tasks: readonly TaskView[];
}

/**
 * The tasks in groups, each keeping the order given: by project (in the projects' order), by status (To
 * Do, In Progress, Completed) or by assignee (by name, Unassigned last). One untitled group for 'none'.
 */
export function groupTasks(
  tasks: readonly TaskView[],
  grouping: TaskGrouping,
  names: { readonly project: (id: string) => string | undefined; readonly projectOrder: readonly string[]; readonly member: (id: string) => string | undefined },
): TaskGroup[] {
  if (grouping === 'none') return [{ key: 'all', title: '', tasks }];
  const keyOf = (task: TaskView) => (grouping === 'project' ? task.projectId : grouping === 'status' ? task.status : (task.assignedTo ?? ''));
  const titleOf = (key: string) =>
    grouping === 'project' ? (names.project(key) ?? 'Another project') : grouping === 'status' ? columnTitle(key as TaskView['status']) : key === '' ? 'Unassigned' : (names.member(key) ?? 'A former member');
  const groups = new Map<string, TaskView[]>();
  for (const task of tasks) groups.set(keyOf(task), [...(groups.get(keyOf(task)) ?? []), task]);
  const rank = (key: string) =>
    grouping === 'project' ? names.projectOrder.indexOf(key) : grouping === 'status' ? taskStatuses.indexOf(key as TaskView['status']) : 0;
  return [...groups.entries()]
    .map(([key, grouped]) => ({ key, title: titleOf(key), tasks: grouped }))
    .sort((a, b) => rank(a.key) - rank(b.key) || (grouping === 'assignee' ? Number(a.key === '') - Number(b.key === '') || byText(a.title, b.title) : 0));
}

