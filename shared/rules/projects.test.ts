import { describe, expect, it } from 'vitest';
import { completionPercent, deadlineBadge, projectStats, quickAccessProjects, showViewAllProjects, sortProjects } from './projects.js';

type Priority = 'low' | 'medium' | 'high';

function project(
  name: string,
  options: { isFavorite?: boolean; priority?: Priority | null; createdAt?: string; archived?: boolean; done?: number; open?: number } = {},
) {
  return {
    name,
    isFavorite: options.isFavorite ?? false,
    priority: options.priority,
    createdAt: options.createdAt ?? '2026-01-01T00:00:00.000Z',
    archived: options.archived ?? false,
    taskCount: (options.done ?? 0) + (options.open ?? 0),
    completedTaskCount: options.done ?? 0,
  };
}

const names = (projects: readonly { name: string }[]) => projects.map((entry) => entry.name);

describe('sortProjects', () => {
  it('puts favorites first, then high > medium > low with missing as medium, then newest first', () => {
    const projects = [
      project('low', { priority: 'low' }),
      project('medium-old', { priority: 'medium', createdAt: '2026-01-01T00:00:00.000Z' }),
      project('missing-new', { priority: null, createdAt: '2026-03-01T00:00:00.000Z' }),
      project('high', { priority: 'high' }),
      project('fav-low', { isFavorite: true, priority: 'low' }),
      project('medium-mid', { priority: 'medium', createdAt: '2026-02-01T00:00:00.000Z' }),
      project('fav-high', { isFavorite: true, priority: 'high' }),
    ];
    expect(names(sortProjects(projects))).toEqual(['fav-high', 'fav-low', 'high', 'missing-new', 'medium-mid', 'medium-old', 'low']);
  });

  it('returns a copy and leaves the input alone', () => {
    const projects = [project('b', { priority: 'low' }), project('a', { priority: 'high' })];
    const sorted = sortProjects(projects);
    expect(names(projects)).toEqual(['b', 'a']);
    expect(names(sorted)).toEqual(['a', 'b']);
  });
});

describe('completionPercent', () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [1, 2, 33],
    [2, 1, 67],
    [1, 7, 13],
    [1, 0, 100],
  ])('%i done, %i open → %i%%', (done, open, percent) => {
    expect(completionPercent(project('p', { done, open }))).toBe(percent);
  });

  it('never shows more than 100% while counts catch up', () => {
    expect(completionPercent({ taskCount: 2, completedTaskCount: 3 })).toBe(100);
  });
});

describe('deadlineBadge', () => {
  const today = '2026-11-23';
  it.each([
    [null, 'none'],
    [undefined, 'none'],
    ['', 'none'],
    ['2026-11-22', 'overdue'],
    ['2025-12-31', 'overdue'],
    ['2026-11-23', 'soon'],
    ['2026-11-30', 'soon'],
    ['2026-12-01', 'later'],
    ['2027-06-01', 'later'],
  ])('%j → %s', (deadline, badge) => {
    expect(deadlineBadge(deadline, today)).toBe(badge);
  });
});

describe('projectStats', () => {
  it('is all zeros without projects', () => {
    expect(projectStats([])).toEqual({ total: 0, active: 0, favorites: 0, avgCompletion: 0 });
  });

  it('counts active (not archived) and favorites, and averages the per-project percentages', () => {
    const stats = projectStats([
      project('a', { done: 1, open: 1 }), // 50
      project('b', { archived: true, isFavorite: true, done: 1, open: 2 }), // 33
      project('c', { isFavorite: true }), // 0
    ]);
    // (50 + 33 + 0) / 3 = 27.67: the mean of the rounded percentages, not of all tasks (2/5 = 40).
    expect(stats).toEqual({ total: 3, active: 2, favorites: 2, avgCompletion: 28 });
  });
});

describe('quickAccessProjects', () => {
  it('keeps 10 projects, favorites then priority', () => {
    const projects = [
      ...Array.from({ length: 10 }, (_, index) => project(`low-${index}`, { priority: 'low' })),
      project('high', { priority: 'high' }),
      project('fav', { isFavorite: true, priority: 'low' }),
    ];
    const quick = quickAccessProjects(projects);
    expect(quick).toHaveLength(10);
    expect(names(quick).slice(0, 2)).toEqual(['fav', 'high']);
  });
});

describe('showViewAllProjects', () => {
  it('appears above 5 projects', () => {
    expect(showViewAllProjects(5)).toBe(false);
    expect(showViewAllProjects(6)).toBe(true);
  });
});
