import { daysBetween } from './calendar-date.js';

/**
 * Rules of the projects list and the sidebar's Quick Access (spec core §2 Projects list, App shell; §9).
 * Typed structurally so they work on the API's project view and on anything shaped like it.
 */

type Priority = 'low' | 'medium' | 'high';

export interface SortableProject {
  readonly isFavorite: boolean;
  /** Missing counts as medium. */
  readonly priority?: Priority | null;
  /** ISO timestamp. */
  readonly createdAt: string;
}

/** How many tasks a project holds and how many of them are completed (the summary's counts). */
export interface ProjectTaskCounts {
  readonly taskCount: number;
  readonly completedTaskCount: number;
}

export interface ProjectForStats extends ProjectTaskCounts {
  readonly archived: boolean;
  readonly isFavorite: boolean;
}

/** Deadline soon means within 7 days (spec core §9). */
export const DEADLINE_SOON_DAYS = 7;
/** Quick Access lists 10 projects; 'View all' shows above 5; 4 colour dots when collapsed (spec core §9). */
export const QUICK_ACCESS_LIMIT = 10;
export const QUICK_ACCESS_VIEW_ALL_ABOVE = 5;
export const QUICK_ACCESS_COLLAPSED_DOTS = 4;

const priorityRank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

function rank(priority: Priority | null | undefined): number {
  return priorityRank[priority ?? 'medium'];
}

/** Favorites first, then priority high > medium > low (missing = medium), then newest created first. */
export function compareProjects(a: SortableProject, b: SortableProject): number {
  if (a.isFavorite !== b.isFavorite) return a.isFavorite ? -1 : 1;
  const byPriority = rank(a.priority) - rank(b.priority);
  if (byPriority !== 0) return byPriority;
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** A sorted copy in the spec's project order. */
export function sortProjects<T extends SortableProject>(projects: readonly T[]): T[] {
  return [...projects].sort(compareProjects);
}

/**
 * Rounded completed/total in percent, 0 without tasks. The counts are of the `completed` flag, not the
 * status (core §4), as the server keeps them.
 */
export function completionPercent(project: ProjectTaskCounts): number {
  if (project.taskCount === 0) return 0;
  return Math.round((Math.min(project.completedTaskCount, project.taskCount) / project.taskCount) * 100);
}

export type DeadlineBadge = 'overdue' | 'soon' | 'later' | 'none';

/** The card's deadline badge: past → overdue (red), 0 to 7 days → soon (amber), later (blue), none when unset. */
export function deadlineBadge(deadline: string | null | undefined, today: string): DeadlineBadge {
  if (!deadline) return 'none';
  const days = daysBetween(today, deadline);
  if (days < 0) return 'overdue';
  return days <= DEADLINE_SOON_DAYS ? 'soon' : 'later';
}

export interface ProjectStats {
  readonly total: number;
  /** Not archived. */
  readonly active: number;
  readonly favorites: number;
  /** The mean of the per-project completion percentages, rounded; 0 without projects. */
  readonly avgCompletion: number;
}

export function projectStats(projects: readonly ProjectForStats[]): ProjectStats {
  const total = projects.length;
  const sum = projects.reduce((acc, project) => acc + completionPercent(project), 0);
  return {
    total,
    active: projects.filter((project) => !project.archived).length,
    favorites: projects.filter((project) => project.isFavorite).length,
    avgCompletion: total === 0 ? 0 : Math.round(sum / total),
  };
}

/** The sidebar's Quick Access: up to 10 projects, favorites first, then priority (then newest, as the list). */
export function quickAccessProjects<T extends SortableProject>(projects: readonly T[]): T[] {
  return sortProjects(projects).slice(0, QUICK_ACCESS_LIMIT);
}

/** Whether Quick Access shows 'View all N projects'. */
export function showViewAllProjects(count: number): boolean {
  return count > QUICK_ACCESS_VIEW_ALL_ABOVE;
}
