import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { todayIn } from '../../shared/rules/calendar-date.js';
/* eslint-disable import-x/no-restricted-paths -- a job of no caller: whether the workspace still wants its
   plan and its owner is still a member, before it plans as the owner through domain/ (generateWeeklyPlanFor). */
import { getMembership } from '../data/membership.js';
import { autoPlanWorkspaces, claimPlanRun, finishPlanRun, releasePlanRun, removeAutoPlanEntry } from '../data/plan-runs.js';
import { getWorkspace } from '../data/workspace.js';
/* eslint-enable import-x/no-restricted-paths */
import { generateWeeklyPlanFor } from '../domain/weekly-plan.js';
import { logger } from '../lib/logger.js';
import { countMetric, publishMetrics } from '../lib/metrics.js';
import { IncompleteRunError } from './incomplete-run.js';

export interface ScheduledPlanSummary {
  planned: number;
  /** Already planned this week (a retry or a second delivery), or switched off meanwhile. */
  skipped: number;
  /** Claimed by a run that has not finished (one that died keeps it until its lease ends): left to a retry. */
  busy: number;
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
  // The lease runs on the wall clock: a retry repeats the event's time.
  const claim = await claimPlanRun(workspaceId, weekStart, new Date());
  if (claim === 'done') return 'skipped';
  if (claim === 'running') {
    logger.warn('Scheduled weekly plan left to a retry: a run that has not finished holds the workspace', { workspaceId });
    return 'busy';
  }
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
 * workspace that switched "Plan my week automatically" on, a page of workspaces at a time. `now` is when the
 * schedule fired (a retry repeats it, so it plans the same week). A workspace that fails is logged and its
 * run released while the others go on; then, if any failed or was still held by a run that died, the run
 * fails (IncompleteRunError) so that Lambda delivers it again, and the retry plans only those.
 */
export async function runScheduledPlans(now: Date = new Date()): Promise<ScheduledPlanSummary> {
  const weekStart = todayIn('UTC', now);
  const summary: ScheduledPlanSummary = { planned: 0, skipped: 0, busy: 0, failed: 0 };
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
  logger.info('Scheduled weekly plans', { ...summary });
  if (summary.failed + summary.busy > 0) throw new IncompleteRunError('Scheduled weekly plan', summary);
  return summary;
}

export const handler = middy<ScheduledEvent, ScheduledPlanSummary>()
  .use(publishMetrics())
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function weeklyPlan(event) {
    const fired = new Date(event.time);
    return runScheduledPlans(Number.isNaN(fired.getTime()) ? new Date() : fired);
  });
