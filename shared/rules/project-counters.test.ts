import { describe, expect, it } from 'vitest';
import { counterDifference, countersOf, negated, summed } from './project-counters.js';

describe('a project’s counters', () => {
  it('counts a child of each kind, and a completed task as completed too', () => {
    expect(countersOf('task', { completed: false })).toEqual({ taskCount: 1 });
    expect(countersOf('task', { completed: true })).toEqual({ taskCount: 1, completedTaskCount: 1 });
    expect(countersOf('milestone', { completed: true })).toEqual({ milestoneCount: 1 });
    expect(countersOf('note', {})).toEqual({ noteCount: 1 });
    expect(negated(countersOf('task', { completed: true }))).toEqual({ taskCount: -1, completedTaskCount: -1 });
  });

  it('changes by the difference of before and after', () => {
    expect(counterDifference('task', { completed: false }, { completed: true })).toEqual({ taskCount: 0, completedTaskCount: 1 });
    expect(counterDifference('task', { completed: true }, { completed: false })).toEqual({ taskCount: 0, completedTaskCount: -1 });
    expect(counterDifference('milestone', { completed: false }, { completed: true })).toEqual({ milestoneCount: 0 });
  });

  it('sums the changes of several children written together', () => {
    expect(summed([countersOf('task', { completed: true }), countersOf('task', { completed: false }), { completedTaskCount: 1 }])).toEqual({ taskCount: 2, completedTaskCount: 2 });
    expect(summed([])).toEqual({});
  });
});
