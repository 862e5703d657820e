import { useMutationState } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskView } from '@shared/schemas/project';
import { updateTaskKey, type UpdateTaskVariables } from '../api/task-mutations';

/** How long a completed task fades on /tasks before it is hidden (spec pages §4, §9). */
export const FADE_OUT_MS = 500;

/**
 * Tasks leaving a list with a fade: `leave(task, write)` fades the task for 500 ms, then runs `write`, an
 * update of the task through `useUpdateTask(scope)`. A write whose fade is cut short by leaving the page is
 * sent at once, never dropped. The task is hidden from the moment that write is sent, read from the mutation
 * cache by the scope's key: while it is on its way and once stored (until the list holds a later version);
 * refused, it shows again, and `restore` ends its fade.
 */
export function useLeavingTasks(scope: string) {
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const sent = useMutationState({
    filters: { mutationKey: updateTaskKey(scope), predicate: (mutation) => mutation.state.status !== 'error' },
    select: (mutation) => (mutation.state.variables as UpdateTaskVariables | undefined)?.task,
  });
  const pending = useRef(new Map<string, { timer: number; write: () => void }>());

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      waiting.forEach(({ timer, write }) => {
        window.clearTimeout(timer);
        write();
      });
      waiting.clear();
    };
  }, []);

  // Stable across renders, so memoised cards given them do not all render again.
  const leave = useCallback((task: TaskView, write: () => void) => {
    if (pending.current.has(task.id)) return;
    setLeaving((current) => new Set(current).add(task.id));
    const timer = window.setTimeout(() => {
      pending.current.delete(task.id);
      write();
    }, FADE_OUT_MS);
    pending.current.set(task.id, { timer, write });
  }, []);

  const restore = useCallback((taskId: string) => {
    setLeaving((current) => {
      const next = new Set(current);
      next.delete(taskId);
      return next;
    });
  }, []);

  const isLeaving = useCallback((taskId: string) => leaving.has(taskId), [leaving]);
  // The write's own version, or the one it stored (the next): a later one was written since and shows.
  const isGone = (task: Pick<TaskView, 'id' | 'version'>) => sent.some((written) => written?.id === task.id && task.version <= written.version + 1);
  return { isLeaving, isGone, leave, restore };
}
