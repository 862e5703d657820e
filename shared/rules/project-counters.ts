/**
 * A project's counters (issue 34: one rule, used by the server's writes and the web's cache alike): how
 * many tasks (of them completed), milestones and notes it holds, and the comments on it (data/comments.ts). A child adds one to its kind's counter,
 * and a completed task one to `completedTaskCount`; a change is the difference of before and after.
 */
export const projectCounters = ['taskCount', 'completedTaskCount', 'milestoneCount', 'noteCount', 'commentCount'] as const;
export type ProjectCounter = (typeof projectCounters)[number];
export type CounterChanges = Partial<Record<ProjectCounter, number>>;

export type CountedChild = 'task' | 'milestone' | 'note';
const counterOfKind: Record<CountedChild, ProjectCounter> = { task: 'taskCount', milestone: 'milestoneCount', note: 'noteCount' };

/** What one child adds to its project's counters (its negation when it goes). */
export function countersOf(kind: CountedChild, child: object): CounterChanges {
  const counts: CounterChanges = { [counterOfKind[kind]]: 1 };
  // Only a task's completion is counted (a milestone's is not a project counter).
  if (kind === 'task' && 'completed' in child && child.completed === true) counts.completedTaskCount = 1;
  return counts;
}

export function negated(changes: CounterChanges): CounterChanges {
  return Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, -value]));
}

/** How the counters change when a child goes from `before` to `after` (a task completed or reopened). */
export function counterDifference(kind: CountedChild, before: object, after: object): CounterChanges {
  const was = countersOf(kind, before);
  const is = countersOf(kind, after);
  const names = new Set([...Object.keys(was), ...Object.keys(is)] as ProjectCounter[]);
  return Object.fromEntries([...names].map((name) => [name, (is[name] ?? 0) - (was[name] ?? 0)]));
}

/** Several changes as one (a parent and its sub-tasks written together). */
export function summed(changes: readonly CounterChanges[]): CounterChanges {
  const total: CounterChanges = {};
  for (const change of changes) {
    for (const name of Object.keys(change) as ProjectCounter[]) total[name] = (total[name] ?? 0) + (change[name] ?? 0);
  }
  return total;
}
