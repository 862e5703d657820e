import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
/* eslint-disable import-x/no-restricted-paths -- a job of no caller, across every workspace: who has open
   tasks due tomorrow, in which project and workspace, whether they are still a member and want the mail
   (domain/ answers callers). */
import { parseChild } from '../data/project-children.js';
import { listMembersOf } from '../data/membership.js';
import { getProfiles, ownTimeZone } from '../data/profile.js';
import { listProjects } from '../data/projects.js';
import { registeredWorkspaces } from '../data/reminders.js';
import { keys } from '../data/keys.js';
import { everyTaskOf } from '../data/task-index.js';
import { getWorkspace } from '../data/workspace.js';
/* eslint-enable import-x/no-restricted-paths */
import { putNotices } from '../data/inbox.js';
import { dueNotice } from '../data/inbox-recipients.js';
import { logger } from '../lib/logger.js';
import { sendOnce } from '../mail/send-once.js';
import { unsubscribeLink } from '../mail/unsubscribe-links.js';
import { dueDateReminderMail, type DueTomorrow } from '../mail/reminder-mails.js';
import { publishMetrics } from '../lib/metrics.js';
import { IncompleteRunError } from './incomplete-run.js';
import { hourIn, MORNING_HOUR } from './local-morning.js';

export interface ReminderSummary {
  sent: number;
  /** Sent already today, or the user switched reminders or e-mail off. */
  skipped: number;
  /** SES refused for good (see isPermanentRefusal): not sent again, which would fail the same way. */
  refused: number;
  /** Failed for now (a throttle, an outage): the run fails so that Lambda's retry sends them. */
  failed: number;
}

/** A task due tomorrow, with the ids its inbox notice opens it by. */
type DueTask = DueTomorrow & { readonly workspaceId: string; readonly projectId: string; readonly taskId: string };

/**
 * The open tasks due on `date` in one workspace, by assignee. Tasks keep their assignee when the person is
 * removed or leaves; only current members are reminded (a former member gets no mail about the workspace),
 * and of those added by someone else only once they have acknowledged it (Open or Dismiss on its notice):
 * anyone can add an address to a workspace, and must not be able to send it daily mails with task titles
 * of their choosing before its owner has even seen the workspace.
 */
async function dueByAssignee(workspaceId: string, date: string): Promise<Map<string, DueTask[]>> {
  const tasks = (await everyTaskOf(workspaceId, { by: 'due', from: date, to: date, limit: 100 })).map((item) => parseChild('task', item));
  const assigned = tasks.filter((task) => task.assignedTo);
  const byUser = new Map<string, DueTask[]>();
  if (assigned.length === 0) return byUser;
  const [workspace, projects, members] = await Promise.all([getWorkspace(workspaceId), listProjects(workspaceId), listMembersOf(workspaceId)]);
  const projectNames = new Map(projects.filter((project) => !project.archived).map((project) => [project.id, project.name]));
  const memberIds = new Set(members.filter((member) => member.noticeSeen).map((member) => member.userId));
  for (const task of assigned) {
    const projectName = projectNames.get(task.projectId);
    if (!workspace || !projectName || !task.assignedTo || !memberIds.has(task.assignedTo)) continue;
    byUser.set(task.assignedTo, [...(byUser.get(task.assignedTo) ?? []), { title: task.title, projectName, workspaceName: workspace.name, workspaceId, projectId: task.projectId, taskId: task.id }]);
  }
  return byUser;
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** Time zones run from UTC−12 to UTC+14, with offsets in quarter hours (Nepal is +5:45). */
const ZONE_OFFSETS_IN_QUARTER_HOURS = { from: -12 * 4, to: 14 * 4 };

/**
 * The dates that are tomorrow wherever it is now the reminder hour: at most two, since the zones span 26
 * hours. Only tasks due on these can be anyone's reminder in this run.
 */
function tomorrowsAtReminderHour(now: Date): string[] {
  const dates = new Set<string>();
  for (let quarter = ZONE_OFFSETS_IN_QUARTER_HOURS.from; quarter <= ZONE_OFFSETS_IN_QUARTER_HOURS.to; quarter += 1) {
    const local = new Date(now.getTime() + quarter * QUARTER_HOUR_MS);
    // `local` is the zone's wall clock written as a UTC moment: its UTC date is that zone's date.
    if (local.getUTCHours() === MORNING_HOUR) dates.add(addDays(local.toISOString().slice(0, 10), 1));
  }
  return [...dates];
}

/** The run's hour, the time of its inbox notices: a retry of the run names the same notices. */
const onTheHour = (now: Date) => `${now.toISOString().slice(0, 13)}:00:00.000Z`;

/** Every assignee's open tasks due on `date`, across all workspaces (one page of the registry at a time). */
async function dueOn(date: string): Promise<Map<string, DueTask[]>> {
  const byUser = new Map<string, DueTask[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await registeredWorkspaces(startKey);
    for (const workspaceId of page.workspaceIds) {
      for (const [userId, tasks] of await dueByAssignee(workspaceId, date)) byUser.set(userId, [...(byUser.get(userId) ?? []), ...tasks]);
    }
    startKey = page.nextKey;
  } while (startKey);
  return byUser;
}

/**
 * The due-date reminder (EventBridge, every hour; locally the in-process scheduler): at 07:00 in their
 * primary time zone (while that follows the browser, the zone their browser last reported; else UTC),
 * every user with open tasks assigned to them and due tomorrow, their tomorrow, gets one mail listing
 * them, across their workspaces — if both e-mail notifications and due date reminders are on in their
 * settings — and an inbox notice per task whatever the settings. Once per user and due date however often the schedule fires; a run that died while sending one
 * leaves it taken for 45 s, and Lambda's retry sends it (twice, rarely, rather than never). A mail that fails is released and,
 * once the others are sent, the run fails (IncompleteRunError) so that Lambda delivers it again: the next
 * hour's run would not send it, since it is no longer that user's 07:00 then. A retry repeats the event's
 * time, so it works out the same people and dates, and the sent ones are skipped.
 */
export async function runDueDateReminders(now: Date = new Date()): Promise<ReminderSummary> {
  const summary: ReminderSummary = { sent: 0, skipped: 0, refused: 0, failed: 0 };
  for (const tomorrow of tomorrowsAtReminderHour(now)) {
    const byUser = await dueOn(tomorrow);
    const profiles = await getProfiles([...byUser.keys()]);
    for (const [userId, tasks] of byUser) {
      const profile = profiles.get(userId);
      const timeZone = ownTimeZone(profile, 'UTC');
      // Someone whose morning is not now, or whose tomorrow is another day, is reminded in another run.
      if (hourIn(now, timeZone) !== MORNING_HOUR || addDays(todayIn(timeZone, now), 1) !== tomorrow) continue;
      // The inbox is told whatever the mail settings: a notice per task and due date (a second run writes none).
      await putNotices(tasks.map((task) => dueNotice(userId, task, tomorrow, onTheHour(now))));
      const wanted = profile?.email && profile.notificationPreferences.email && profile.notificationPreferences.dueDates;
      if (!profile || !wanted) {
        summary.skipped += 1;
        continue;
      }
      const mail = async () => dueDateReminderMail(profile.email, tasks, await unsubscribeLink(userId, 'dueDates'));
      summary[await sendOnce(keys.reminderSent(userId, tomorrow), now, mail, { userId, mail: 'due-date reminder' })] += 1;
    }
  }
  logger.info('Due-date reminders', { ...summary });
  if (summary.failed > 0) throw new IncompleteRunError('Due-date reminders', summary);
  return summary;
}

export const handler = middy<ScheduledEvent, ReminderSummary>()
  .use(publishMetrics())
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function dueDateReminders(event) {
    const fired = new Date(event.time);
    return runDueDateReminders(Number.isNaN(fired.getTime()) ? new Date() : fired);
  });
