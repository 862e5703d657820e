import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskView } from '@shared/schemas/project';

/** How long a completed task fades on /tasks before it is hidden (spec pages §4, §9). */
export const FADE_OUT_MS = 500;

/**
 * Tasks leaving a list with a fade: `leave(task, write)` fades the task for 500 ms, then runs `write` and
 * hides it. A write whose fade is cut short by leaving the page is sent at once, never dropped; `restore`
 * shows a task again (its write was refused).
 */
export function useLeavingTasks() {
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
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
      setGone((current) => new Set(current).add(task.id));
    }, FADE_OUT_MS);
    pending.current.set(task.id, { timer, write });
  }, []);

  const restore = useCallback((taskId: string) => {
    const without = (current: ReadonlySet<string>) => {
      const next = new Set(current);
      next.delete(taskId);
      return next;
    };
    setLeaving(without);
    setGone(without);
  }, []);

  const isLeaving = useCallback((taskId: string) => leaving.has(taskId), [leaving]);
  const isGone = useCallback((taskId: string) => gone.has(taskId), [gone]);
  return { isLeaving, isGone, leave, restore };
}
