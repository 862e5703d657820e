import * as z from 'zod/mini';
import { taskStatuses, type TaskView } from '@shared/schemas/project';
import { TASK_VIEWS, type TaskViewMode } from '@shared/schemas/profile';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { columnTitle } from './task-groups';
import { taskTabs } from './task-tabs';

/**
 * How a user likes /tasks (issue 32): the tab it opens on, comfortable or compact rows, the order and the
 * grouping. Kept in this browser per user, so a shared computer keeps each one's. List or kanban is not
 * kept here: the page opens in the view the address names, else the user's default view from Settings.
 */
export const taskSorts = ['tab', 'due', 'priority', 'created'] as const;
export type TaskSort = (typeof taskSorts)[number];
export const taskSortLabels: Record<TaskSort, string> = { tab: 'As the tab lists them', due: 'Due date', priority: 'Priority', created: 'Newest first' };

export const taskGroupings = ['none', 'project', 'status', 'assignee'] as const;
export type TaskGrouping = (typeof taskGroupings)[number];
export const taskGroupingLabels: Record<TaskGrouping, string> = { none: 'None', project: 'Project', status: 'Status', assignee: 'Assignee' };

const taskListView = z.object({
  tab: z.enum(taskTabs),
  density: z.enum(['comfortable', 'compact']),
  sort: z.enum(taskSorts),
  group: z.enum(taskGroupings),
});
type StoredTaskListView = z.infer<typeof taskListView>;
/** The page's view: what this browser keeps, and list or kanban. */
export type TaskListView = StoredTaskListView & { readonly view: TaskViewMode };

export const DEFAULT_TASK_LIST_VIEW: StoredTaskListView = { tab: 'today', density: 'comfortable', sort: 'tab', group: 'none' };

/** The view the address names (`?view=list` or `?view=kanban`), if any. */
export const VIEW_PARAM = 'view';
export function viewInAddress(search: URLSearchParams): TaskViewMode | undefined {
  const named = search.get(VIEW_PARAM);
  return TASK_VIEWS.find((view) => view === named);
}

const savedViews = z.record(z.string(), taskListView);

function readAll(): Record<string, StoredTaskListView> {
  try {
    const parsed = savedViews.safeParse(JSON.parse(readStorage(storageKeys.taskListViews) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function readTaskListView(userId: string | undefined): StoredTaskListView {
  return (userId ? readAll()[userId] : undefined) ?? DEFAULT_TASK_LIST_VIEW;
}

export function writeTaskListView(userId: string | undefined, view: StoredTaskListView): void {
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

