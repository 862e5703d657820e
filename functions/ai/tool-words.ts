import { dayInWords } from '../../shared/rules/weekly-planner.js';
import { completionPercent } from '../../shared/rules/projects.js';
import { describeRepeat } from '../../shared/rules/repeat.js';
import type { MilestoneView, ProjectSummary, TaskRepeat, TaskView } from '../../shared/schemas/project.js';

/** How the assistant's tools show items to the model and on the pills, and say what an edit changed. */

/** A project as the model and the pills see it. */
export function projectSummaryOf(project: ProjectSummary) {
  return {
    id: project.id,
    name: project.name,
    tasks: project.taskCount,
    completed: project.completedTaskCount,
    progress: completionPercent(project),
    deadline: project.deadline,
    priority: project.priority,
    favorite: project.isFavorite,
    archived: project.archived,
  };
}

/** A milestone as the model and the pills see it. */
export function milestoneSummary(milestone: MilestoneView, project: ProjectSummary) {
  return { id: milestone.id, title: milestone.title, project: project.name, projectId: project.id, dueDate: milestone.dueDate, completed: milestone.completed };
}

/** '1 task', '3 tasks': how the tool results count what they found. */
export const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A task as the model and the pills see it: with its assignee's name when `names` are given, and its labels
 * by name when `labelNames` are (a label deleted meanwhile is left out).
 */
export function taskSummary(task: TaskView, projects: readonly ProjectSummary[], names?: ReadonlyMap<string, string>, labelNames?: ReadonlyMap<string, string>) {
  return {
    id: task.id,
    title: task.title,
    project: projects.find((project) => project.id === task.projectId)?.name ?? 'unknown project',
    projectId: task.projectId,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate,
    timeEstimate: task.timeEstimate,
    completed: task.completed,
    ...(task.repeat ? { repeats: describeRepeat(task.repeat) } : {}),
    ...(names ? { assignee: task.assignedTo ? (names.get(task.assignedTo) ?? 'a former member') : null } : {}),
    ...(labelNames ? labelsOf(task, labelNames) : {}),
  };
}

/** The task's labels by name (`labels`), none when it has none (a label deleted meanwhile is left out). */
export function labelsOf(task: TaskView, labelNames: ReadonlyMap<string, string>): { labels?: string[] } {
  const labels = (task.labelIds ?? []).flatMap((id) => labelNames.get(id) ?? []);
  return labels.length > 0 ? { labels } : {};
}

const statusWords: Record<TaskView['status'], string> = { todo: 'To Do', in_progress: 'In Progress', completed: 'Completed' };

/** How each changed field is said in a pill and its undo ('due Fri 27 Nov'), in the order given. */
export type ChangeWords<T> = { readonly [K in keyof T]?: (value: NonNullable<T[K]> | null) => string };

export function changesSaid<T>(edit: Partial<T>, words: ChangeWords<T>): string {
  return (Object.keys(words) as (keyof T)[])
    .flatMap((field) => (edit[field] === undefined ? [] : [words[field]?.(edit[field] as NonNullable<T[keyof T]> | null) ?? '']))
    .join(', ');
}

/** A task's fields as an edit sets them: a null repeat stops it, a null parent makes it a task of its own. */
type TaskEditFields = Omit<TaskView, 'repeat' | 'parentId'> & { readonly repeat?: TaskRepeat | null; readonly parentId?: string | null };

/** `taskTitles` names the tasks an edit points at: its blockers and its new parent. */
export function taskChangeWords(
  names: ReadonlyMap<string, string>,
  taskTitles: ReadonlyMap<string, string> = new Map(),
  labelNames: ReadonlyMap<string, string> = new Map(),
): ChangeWords<TaskEditFields> {
  return {
    title: (title) => `title "${title}"`,
    description: () => 'description',
    status: (status) => (status ? statusWords[status] : ''),
    priority: (priority) => `${priority} priority`,
    dueDate: (date) => (date === null ? 'no due date' : `due ${dayInWords(date)}`),
    timeEstimate: (minutes) => (minutes === null ? 'no estimate' : `estimate ${minutes} min`),
    assignedTo: (userId) => (userId === null ? 'unassigned' : `assigned to ${names.get(userId) ?? 'a member'}`),
    repeat: (repeat) => (repeat ? `repeats ${describeRepeat(repeat)}` : 'not repeating'),
    blockedBy: (refs) => (refs && refs.length > 0 ? `blocked by ${refs.map((ref) => `"${taskTitles.get(ref.taskId) ?? 'a task'}"`).join(', ')}` : 'blocked by nothing'),
    parentId: (id) => (id === null ? 'a task of its own' : `a sub-task of "${taskTitles.get(id) ?? 'a task'}"`),
    labelIds: (ids) => (ids && ids.length > 0 ? `labels ${ids.map((id) => `"${labelNames.get(id) ?? 'a label'}"`).join(', ')}` : 'no labels'),
  };
}

export const milestoneChangeWords: ChangeWords<MilestoneView> = {
  title: (title) => `title "${title}"`,
  description: () => 'description',
  dueDate: (date) => (date === null ? '' : `due ${dayInWords(date)}`),
  completed: (completed) => (completed ? 'completed' : 'not completed'),
};

export const projectChangeWords: ChangeWords<ProjectSummary> = {
  name: (name) => `name "${name}"`,
  description: () => 'description',
  deadline: (date) => (date === null ? 'no deadline' : `deadline ${dayInWords(date)}`),
  priority: (priority) => `${priority} priority`,
  isFavorite: (favorite) => (favorite ? 'a favourite' : 'not a favourite'),
};
