import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { addDays } from '../../shared/rules/calendar-date.js';
/* eslint-disable import-x/no-restricted-paths -- a job of no caller, across every workspace: who is a member
   where, their profiles, their open tasks, the saved plans and their waiting digest items (domain/ answers
   callers). */
import { digestItemsOf, removeDigestItems } from '../data/digest-items.js';
import { keys } from '../data/keys.js';
import { listMembersOf } from '../data/membership.js';
import { getProfiles, ownTimeZone, type Profile } from '../data/profile.js';
import { parseChild } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { registeredWorkspaces } from '../data/reminders.js';
import { everyTaskOf } from '../data/task-index.js';
import { readWeeklyPlan } from '../data/weekly-plans.js';
import { getWorkspace } from '../data/workspace.js';
/* eslint-enable import-x/no-restricted-paths */
import { mergeSavedPlans } from '../domain/saved-plans.js';
import { logger } from '../lib/logger.js';
import { publishMetrics } from '../lib/metrics.js';
import { dailyDigestMail, weeklyReviewMail, type DigestTask, type PlannedTask } from '../mail/digest-mails.js';
import { noticeDigestMail } from '../mail/notice-mails.js';
import { sendOnce, type SendOutcome } from '../mail/send-once.js';
import { unsubscribeLink } from '../mail/unsubscribe-links.js';
import { IncompleteRunError } from './incomplete-run.js';
import { morningIn } from './local-morning.js';

export type DigestSummary = Record<SendOutcome, number>;

/**
 * Every member who has seen their workspace (see due-date-reminders.ts: an address someone added gets no
 * mail about the workspace before its owner opened it), with the workspaces they are in.
 */
async function membersByUser(): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await registeredWorkspaces(startKey);
    for (const workspaceId of page.workspaceIds) {
      for (const member of await listMembersOf(workspaceId)) {
        if (member.noticeSeen) byUser.set(member.userId, [...(byUser.get(member.userId) ?? []), workspaceId]);
      }
    }
    startKey = page.nextKey;
  } while (startKey);
  return byUser;
}

interface OwnTask extends DigestTask {
  readonly id: string;
}

/** The user's open tasks in one workspace, in its live projects, with their places' names. */
async function openTasksOf(userId: string, workspaceId: string): Promise<OwnTask[]> {
  const tasks = (await everyTaskOf(workspaceId, { by: 'assignee', assignee: userId, state: 'open', limit: 100 })).map((item) => parseChild('task', item));
  if (tasks.length === 0) return [];
  const [workspace, projects] = await Promise.all([getWorkspace(workspaceId), listProjects(workspaceId)]);
  const projectNames = new Map(projects.filter((project) => !project.archived).map((project) => [project.id, project.name]));
  return tasks.flatMap((task) => {
    const projectName = projectNames.get(task.projectId);
    return workspace && projectName ? [{ id: task.id, title: task.title, dueDate: task.dueDate, projectName, workspaceName: workspace.name }] : [];
  });
}

/** Where the saved plans of this week (team's and own, as the app shows them) put the user's open tasks. */
async function plannedThisWeek(userId: string, workspaceId: string, tasks: readonly OwnTask[], monday: string): Promise<PlannedTask[]> {
  const plan = mergeSavedPlans(await Promise.all([readWeeklyPlan(workspaceId, { kind: 'team' }), readWeeklyPlan(workspaceId, { kind: 'own', userId })]));
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const sunday = addDays(monday, 6);
  return (plan?.placements ?? []).flatMap((placement) => {
    const task = byId.get(placement.taskId);
    return task && placement.date >= monday && placement.date <= sunday ? [{ ...task, date: placement.date }] : [];
  });
}

/** One user's mails of their 07:00 on `date`: each sent once per day whatever the retries. */
async function mailUser(profile: Profile, workspaceIds: readonly string[], morning: { date: string; monday: boolean }, now: Date): Promise<SendOutcome[]> {
  const { userId, email, notificationPreferences: wants } = profile;
  const { date } = morning;
  const context = { userId, date };
  const outcomes: SendOutcome[] = [];

  if (wants.mentionsAndAssignments !== 'off') {
    const items = await digestItemsOf(userId);
    if (items.length > 0) {
      const lines = items.flatMap((item) => item.lines);
      const mail = async () => noticeDigestMail(email, lines, await unsubscribeLink(userId, 'mentions'));
      const outcome = await sendOnce(keys.mailSent(userId, 'noticeDigest', date), now, mail, { ...context, mail: 'notice digest' });
      // Sent (or refused for good): these items are done; a second digest the same day waits for tomorrow.
      if (outcome === 'sent' || outcome === 'refused') await removeDigestItems(items);
      outcomes.push(outcome);
    }
  }
  const weekly = morning.monday && wants.weeklyReview;
  if (!wants.dailyDigest && !weekly) return outcomes;

  const tasksByWorkspace = await Promise.all(workspaceIds.map(async (workspaceId) => ({ workspaceId, tasks: await openTasksOf(userId, workspaceId) })));
  const tasks = tasksByWorkspace.flatMap(({ tasks: own }) => own);
  const late = tasks.filter((task) => task.dueDate !== null && task.dueDate < date).sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
  if (wants.dailyDigest) {
    const dueToday = tasks.filter((task) => task.dueDate === date);
    if (dueToday.length + late.length > 0) {
      const mail = async () => dailyDigestMail(email, dueToday, late, await unsubscribeLink(userId, 'dailyDigest'));
      outcomes.push(await sendOnce(keys.mailSent(userId, 'dailyDigest', date), now, mail, { ...context, mail: 'daily digest' }));
    }
  }
  if (weekly) {
    const planned = (await Promise.all(tasksByWorkspace.map(({ workspaceId, tasks: own }) => plannedThisWeek(userId, workspaceId, own, date)))).flat();
    // A review with nothing planned and nothing late is no mail.
    if (planned.length + late.length > 0) {
      const mail = async () => weeklyReviewMail(email, planned, late, await unsubscribeLink(userId, 'weeklyReview'));
      outcomes.push(await sendOnce(keys.mailSent(userId, 'weeklyReview', date), now, mail, { ...context, mail: 'weekly review' }));
    }
  }
  return outcomes;
}

/**
 * The morning mails (EventBridge, every hour; locally the in-process scheduler): for each member whose
 * primary time zone (while it follows the browser, the zone it last reported; else UTC) is at 07:00 now,
 * with e-mail notifications on: the digest of mentions and assignments waiting for them (mode daily), the
 * daily digest of their tasks due today and late, and on Monday the weekly review (this week's saved plan
 * for them, and what is late) — each as their Settings say, once per user and day. As the due-date
 * reminder: a mail that failed for now is released and the run fails (IncompleteRunError), so Lambda's
 * retry, with the event's time, sends it; the ones sent are skipped.
 */
export async function runMailDigests(now: Date = new Date()): Promise<DigestSummary> {
  const summary: DigestSummary = { sent: 0, skipped: 0, refused: 0, failed: 0 };
  const members = await membersByUser();
  const profiles = await getProfiles([...members.keys()]);
  for (const [userId, workspaceIds] of members) {
    const profile = profiles.get(userId);
    if (!profile?.email || !profile.notificationPreferences.email) continue;
    const morning = morningIn(now, ownTimeZone(profile, 'UTC'));
    if (!morning) continue;
    for (const outcome of await mailUser(profile, workspaceIds, morning, now)) summary[outcome] += 1;
  }
  logger.info('Morning mails', { ...summary });
  if (summary.failed > 0) throw new IncompleteRunError('Morning mails', summary);
  return summary;
}

export const handler = middy<ScheduledEvent, DigestSummary>()
  .use(publishMetrics())
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function mailDigests(event) {
    const fired = new Date(event.time);
    return runMailDigests(Number.isNaN(fired.getTime()) ? new Date() : fired);
  });
