import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import type { DailyPlan } from '@shared/rules/daily-plan';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

export const PLAN_DAY_FAILED = 'Failed to plan your day. Please try again.';

const storedBlock = z.object({
  id: z.string(),
  taskId: z.string(),
  projectId: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  completed: z.boolean(),
});
const storedPlan = z.object({
  id: z.string(),
  date: z.string(),
  tasks: z.array(z.string()),
  timeBlocks: z.array(storedBlock),
  notes: z.string(),
  aiGenerated: z.boolean(),
});
/** One plan per workspace: the latest made there. */
const storedPlans = z.record(z.string(), storedPlan);

function readPlans(): Record<string, DailyPlan> {
  try {
    return storedPlans.parse(JSON.parse(readStorage(storageKeys.dailyPlans) ?? '{}'));
  } catch {
    return {};
  }
}

function savePlan(workspaceId: string, plan: DailyPlan): void {
  writeStorage(storageKeys.dailyPlans, JSON.stringify({ ...readPlans(), [workspaceId]: plan }));
}

/** The workspace's archived projects, read when a plan is made (the projects are another feature's). */
export type ArchivedProjectIds = () => Promise<ReadonlySet<string>>;

/**
 * The user's plan for today in this workspace (spec core §3 Daily plan, local): made from the task index
 * on demand, kept in this browser; a plan of an earlier day is not shown.
 */
export function useDailyPlan(workspaceId: string, userId: string, today: string, archivedProjectIds: ArchivedProjectIds) {
  const [plans, setPlans] = useState(readPlans);
  const stored = plans[workspaceId];
  const plan = stored?.date === today ? stored : null;

  const keep = useCallback(
    (next: DailyPlan) => {
      savePlan(workspaceId, next);
      setPlans((previous) => ({ ...previous, [workspaceId]: next }));
    },
    [workspaceId],
  );

  const generate = useMutation({
    mutationFn: async () => (await import('../api/plan-candidates')).makeDailyPlan(workspaceId, userId, today, archivedProjectIds),
    onSuccess: (next) => keep({ ...next, notes: plan?.notes ?? '' }),
  });

  const toggleBlock = (blockId: string) => {
    if (!plan) return;
    keep({ ...plan, timeBlocks: plan.timeBlocks.map((block) => (block.id === blockId ? { ...block, completed: !block.completed } : block)) });
  };
  const setNotes = (notes: string) => {
    if (plan) keep({ ...plan, notes });
  };

  return { plan, generate, toggleBlock, setNotes };
}
