import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { todayIn } from '../../shared/rules/calendar-date.js';
import { getMembership } from '../data/membership.js';
import { autoPlanWorkspaces, claimPlanRun, finishPlanRun, releasePlanRun, removeAutoPlanEntry } from '../data/plan-runs.js';
import { getWorkspace } from '../data/workspace.js';
import { generateWeeklyPlanFor } from '../domain/weekly-plan.js';
import { logger } from '../lib/logger.js';
import { countMetric, publishMetrics } from '../lib/metrics.js';

export interface ScheduledPlanSummary {
  planned: number;
  /** Already planned this week (a retry or a second delivery), or switched off meanwhile. */
  skipped: number;
  failed: number;
}

type Outcome = keyof ScheduledPlanSummary;

/** One workspace's week: planned as its owner, once per week however often the schedule fires. */
async function planWorkspace(workspaceId: string, weekStart: string, now: Date): Promise<Outcome> {
  const workspace = await getWorkspace(workspaceId);
  if (!workspace?.autoWeeklyPlan) {
    // Gone, or switched off without its entry being removed: tidy the list.
    if (!workspace) await removeAutoPlanEntry(workspaceId);
    return 'skipped';
  }
  if (!(await getMembership(workspaceId, workspace.createdBy))) {
    logger.warn('Scheduled weekly plan skipped: the owner is no longer a member', { workspaceId });
    return 'skipped';
  }
  if (!(await claimPlanRun(workspaceId, weekStart, now))) return 'skipped';
  try {
    const plan = await generateWeeklyPlanFor({ userId: workspace.createdBy, email: '' }, workspaceId, { timeZone: 'UTC' }, now);
    const placed = plan.days.reduce((sum, day) => sum + day.totalTasks, 0);
    await finishPlanRun(workspaceId, weekStart, { placed, unplaced: plan.unplaced.length, conflicts: plan.conflicts.length });
    return 'planned';
  } catch (error) {
    await releasePlanRun(workspaceId, weekStart);
    throw error;
  }
}

/**
 * The Monday job (EventBridge, 06:00 UTC; locally the in-process scheduler): plans the week of every
 * workspace that switched "Plan my week automatically" on, a page of workspaces at a time. A workspace that
 * fails is logged and left for the next delivery; the others go on.
 */
export async function runScheduledPlans(now: Date = new Date()): Promise<ScheduledPlanSummary> {
  const weekStart = todayIn('UTC', now);
  const summary: ScheduledPlanSummary = { planned: 0, skipped: 0, failed: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await autoPlanWorkspaces(startKey);
    for (const workspaceId of page.workspaceIds) {
      try {
        summary[await planWorkspace(workspaceId, weekStart, now)] += 1;
      } catch (error) {
        summary.failed += 1;
        countMetric('ScheduledPlansFailed');
        logger.error('Scheduled weekly plan failed', { workspaceId, error });
      }
    }
    startKey = page.nextKey;
  } while (startKey);
  return summary;
}

export const handler = middy<ScheduledEvent, ScheduledPlanSummary>()
  .use(publishMetrics())
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function weeklyPlan(event) {
    const fired = new Date(event.time);
    const summary = await runScheduledPlans(Number.isNaN(fired.getTime()) ? new Date() : fired);
    logger.info('Scheduled weekly plans', { ...summary });
    return summary;
  });
