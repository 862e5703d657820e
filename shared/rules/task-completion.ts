import type { TaskStatus } from '../schemas/project.js';

/** The three fields the completion rules (spec core §4) keep consistent. */
export interface CompletionState {
  readonly status: TaskStatus;
  readonly completed: boolean;
  readonly completedAt: string | null;
}

/** What a write asks for; either field may be absent. */
export interface CompletionChange {
  readonly status?: TaskStatus;
  readonly completed?: boolean;
}

/**
 * The task's completion state after a change. `completed` is the truth: when it is sent, it decides and
 * `status` only picks the column of an uncompleted task. When only `status` is sent, 'completed' completes
 * the task and any other status uncompletes it. A task that stays completed keeps its first completedAt.
 */
export function applyCompletion(current: CompletionState, change: CompletionChange, now: string): CompletionState {
  const completed = change.completed ?? (change.status === undefined ? current.completed : change.status === 'completed');
  if (completed) {
    return { status: 'completed', completed: true, completedAt: current.completed ? (current.completedAt ?? now) : now };
  }
  return { status: uncompletedStatus(current, change.status), completed: false, completedAt: null };
}

/** The sent column unless it is 'completed'; a task leaving completion goes back to To Do. */
function uncompletedStatus(current: CompletionState, sent: TaskStatus | undefined): TaskStatus {
  if (sent !== undefined && sent !== 'completed') return sent;
  if (sent === 'completed' || current.completed || current.status === 'completed') return 'todo';
  return current.status;
}
