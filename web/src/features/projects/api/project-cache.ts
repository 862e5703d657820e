import { counterDifference, countersOf } from '@shared/rules/project-counters';
import type { QueryClient } from '@tanstack/react-query';
import { sortProjects } from '@shared/rules/projects';
import type { MilestoneView, NoteView, ProjectItems, ProjectSummary, TaskView } from '@shared/schemas/project';
import { projectKeys } from './query-keys';
import { editCachedData } from '@/lib/cache-edit';
import { markStale } from '@/lib/stale-queries';
import { taskIndexChanged } from './task-index-cache';

/**
 * Edits of the cached projects: the list of summaries and each project's items. Writes show their result
 * here at once (optimistically) and put the server's answer here when it comes, so nothing is reloaded after
 * a write. Each edit returns how to take it back, for a write the server refuses.
 */
export type Undo = () => void;

export type ItemList = keyof ProjectItems;
type ItemOf<L extends ItemList> = ProjectItems[L][number];

export type ProjectCounts = Pick<ProjectSummary, 'taskCount' | 'completedTaskCount' | 'milestoneCount' | 'noteCount'>;
export type CountChanges = Partial<ProjectCounts>;

/** The view's order of each list: tasks by position, milestones by due date, notes newest first. */
const orderOf: { [L in ItemList]: (a: ItemOf<L>, b: ItemOf<L>) => number } = {
  tasks: (a: TaskView, b: TaskView) => a.position - b.position || a.createdAt.localeCompare(b.createdAt),
  milestones: (a: MilestoneView, b: MilestoneView) => a.dueDate.localeCompare(b.dueDate) || a.createdAt.localeCompare(b.createdAt),
  notes: (a: NoteView, b: NoteView) => b.updatedAt.localeCompare(a.updatedAt),
};

export function cachedItems(queryClient: QueryClient, workspaceId: string, projectId: string): ProjectItems | undefined {
  return queryClient.getQueryData<ProjectItems>(projectKeys.items(workspaceId, projectId));
}

function setItems(queryClient: QueryClient, workspaceId: string, projectId: string, change: (items: ProjectItems) => ProjectItems): void {
  editCachedData(queryClient, projectKeys.items(workspaceId, projectId), change);
}

function findItem<L extends ItemList>(queryClient: QueryClient, workspaceId: string, projectId: string, list: L, id: string): ItemOf<L> | undefined {
  return (cachedItems(queryClient, workspaceId, projectId)?.[list] as readonly ItemOf<L>[] | undefined)?.find((item) => item.id === id);
}

/**
 * The reads across projects that a stored change of one list makes stale: the task index, or the notes of
 * /notes. Called once the server has answered a write (useProjectMutation's `list`), not when the cache
 * shows it in advance: a reload started before the write lands would bring the old state back.
 */
export function crossProjectReadsChanged(queryClient: QueryClient, workspaceId: string, list: ItemList): void {
  if (list === 'tasks') taskIndexChanged(queryClient, workspaceId);
  if (list === 'notes') markStale(queryClient, projectKeys.notes(workspaceId));
}

/** Puts `item` in its project's cached list (in the view's order), replacing the one with its id. */
export function putItem<L extends ItemList>(queryClient: QueryClient, workspaceId: string, list: L, item: ItemOf<L>): Undo {
  const previous = findItem(queryClient, workspaceId, item.projectId, list, item.id);
  setItems(queryClient, workspaceId, item.projectId, (items) => {
    const others = (items[list] as readonly ItemOf<L>[]).filter((candidate) => candidate.id !== item.id);
    return { ...items, [list]: [...others, item].sort(orderOf[list]) };
  });
  return () => {
    // Only while the cache still shows this write: a newer answer or reload stays.
    if (findItem(queryClient, workspaceId, item.projectId, list, item.id)?.version !== item.version) return;
    if (previous) putItem(queryClient, workspaceId, list, previous);
    else removeItem(queryClient, workspaceId, item.projectId, list, item.id);
  };
}

export function removeItem(queryClient: QueryClient, workspaceId: string, projectId: string, list: ItemList, id: string): Undo {
  const previous = findItem(queryClient, workspaceId, projectId, list, id);
  setItems(queryClient, workspaceId, projectId, (items) => ({ ...items, [list]: (items[list] as readonly { id: string }[]).filter((item) => item.id !== id) }));
  return () => {
    if (previous && !findItem(queryClient, workspaceId, projectId, list, id)) putItem(queryClient, workspaceId, list, previous);
  };
}

export function cachedProjects(queryClient: QueryClient, workspaceId: string): ProjectSummary[] | undefined {
  return queryClient.getQueryData<ProjectSummary[]>(projectKeys.list(workspaceId));
}

/** Puts a project summary in the cached list, in the spec's order, replacing the one with its id. */
export function putProject(queryClient: QueryClient, project: ProjectSummary): Undo {
  const previous = cachedProjects(queryClient, project.workspaceId)?.find((candidate) => candidate.id === project.id);
  editCachedData<ProjectSummary[]>(queryClient, projectKeys.list(project.workspaceId), (projects) =>
    sortProjects([...projects.filter((candidate) => candidate.id !== project.id), project]),
  );
  return () => {
    const current = cachedProjects(queryClient, project.workspaceId)?.find((candidate) => candidate.id === project.id);
    if (previous && current?.version === project.version) putProject(queryClient, previous);
  };
}

/**
 * Whether `next` is a later copy of the project summary than `cached`: its own fields were written since
 * (`version`), or a child's write moved its counts since (`countsRevision`, same version).
 */
export function isNewerSummary(next: ProjectSummary, cached: ProjectSummary): boolean {
  return next.version > cached.version || (next.version === cached.version && next.countsRevision > cached.countsRevision);
}

export function removeProject(queryClient: QueryClient, workspaceId: string, projectId: string): void {
  editCachedData<ProjectSummary[]>(queryClient, projectKeys.list(workspaceId), (projects) => projects.filter((project) => project.id !== projectId));
  queryClient.removeQueries({ queryKey: projectKeys.items(workspaceId, projectId) });
}

/** Moves a project's counts by `changes` (never below 0); undone by moving them back. */
export function adjustCounts(queryClient: QueryClient, workspaceId: string, projectId: string, changes: CountChanges): Undo {
  const apply = (sign: 1 | -1) =>
    editCachedData<ProjectSummary[]>(queryClient, projectKeys.list(workspaceId), (projects) =>
      projects.map((project) => {
        if (project.id !== projectId) return project;
        const next = { ...project };
        for (const [name, change] of Object.entries(changes) as [keyof ProjectCounts, number][]) next[name] = Math.max(0, next[name] + sign * change);
        return next;
      }),
    );
  apply(1);
  return () => apply(-1);
}

/** What a task adds to its project's counts. */
export function taskCounts(task: Pick<TaskView, 'completed'>): CountChanges {
  return countersOf('task', task);
}

/** How the counts change when a task goes from `before` to `after` (the server's own rule). */
export function completionChange(before: Pick<TaskView, 'completed'>, after: Pick<TaskView, 'completed'>): CountChanges {
  return counterDifference('task', before, after);
}

export function undoAll(...undos: Undo[]): Undo {
  return () => [...undos].reverse().forEach((undo) => undo());
}
