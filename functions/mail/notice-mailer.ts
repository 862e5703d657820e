import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { queueDigestItem } from '../data/digest-items.js';
import { keys } from '../data/keys.js';
import { getMembership } from '../data/membership.js';
import { getChild } from '../data/project-children.js';
import { getProfiles, type Profile } from '../data/profile.js';
import { getProject } from '../data/projects.js';
import { decodeChange } from '../data/stream-changes.js';
import { getWorkspace } from '../data/workspace.js';
import { logger } from '../lib/logger.js';
import { mailNoticesOf, type MailNotice } from './mention-notices.js';
import { noticeLine, noticeMail } from './notice-mails.js';
import { sendOnce, type SendOutcome } from './send-once.js';
import { unsubscribeLink } from './unsubscribe-links.js';

/**
 * Table stream → mail of mentions and assignments (issue 37; a stream consumer of its own, shared/routes.ts).
 * Each record's notices (mail/mention-notices.ts) go to each person told, as their Settings say: nothing
 * (off, or e-mail notifications off), one mail now (immediately), or an item for the digest at their 07:00
 * (daily; schedule/mail-digests.ts). Only to a member who has seen the workspace (as the due-date reminder:
 * an address someone added to their workspace gets no mail with titles of their choosing before its owner
 * opened it). Once per record and person: a redelivered batch finds the mail taken (data/reminders.ts) or
 * puts the same digest item again. A mail that failed for now is released and fails the batch, which
 * Lambda reads again.
 */

interface RecordNotices {
  readonly recordId: string;
  readonly at: string;
  readonly recipientId: string;
  readonly notices: readonly MailNotice[];
}

/** The notices of a batch, by record and person told. */
function noticesOf(event: DynamoDBStreamEvent): RecordNotices[] {
  return event.Records.flatMap((record) => {
    const change = decodeChange(record);
    const recordId = record.eventID ?? record.dynamodb?.SequenceNumber;
    if (!change || !recordId) return [];
    const seconds = record.dynamodb?.ApproximateCreationDateTime;
    const at = seconds ? new Date(seconds * 1000).toISOString() : new Date().toISOString();
    const byRecipient = new Map<string, MailNotice[]>();
    for (const notice of mailNoticesOf(change)) byRecipient.set(notice.recipientId, [...(byRecipient.get(notice.recipientId) ?? []), notice]);
    return [...byRecipient].map(([recipientId, notices]) => ({ recordId, at, recipientId, notices }));
  });
}

/** The lines of a person's notices, with the names as they are now; none for a task or place gone meanwhile (a project's own comment names no task). */
async function linesOf(notices: readonly MailNotice[], profiles: ReadonlyMap<string, Profile>): Promise<string[]> {
  const lines = await Promise.all(
    notices.map(async (notice) => {
      const [workspace, project, task] = await Promise.all([
        getWorkspace(notice.workspaceId),
        getProject(notice.workspaceId, notice.projectId),
        notice.taskId === null ? null : getChild('task', notice.workspaceId, notice.projectId, notice.taskId),
      ]);
      if (!workspace || !project || task === undefined) return undefined;
      const actorName = profiles.get(notice.actorId)?.displayName || 'A teammate';
      return noticeLine({ kind: notice.kind, actorName, taskTitle: task?.title ?? null, projectName: project.name, workspaceName: workspace.name });
    }),
  );
  return lines.filter((line): line is string => line !== undefined);
}

type Outcome = SendOutcome | 'queued';

async function tell(item: RecordNotices, profiles: ReadonlyMap<string, Profile>): Promise<Outcome> {
  const profile = profiles.get(item.recipientId);
  const mode = profile?.notificationPreferences.mentionsAndAssignments;
  if (!profile?.email || !profile.notificationPreferences.email || !mode || mode === 'off') return 'skipped';
  const first = item.notices[0];
  if (!first || !(await getMembership(first.workspaceId, item.recipientId))?.noticeSeen) return 'skipped';
  const lines = await linesOf(item.notices, profiles);
  if (lines.length === 0) return 'skipped';
  if (mode === 'daily') {
    await queueDigestItem(item.recipientId, item.recordId, item.at, lines);
    return 'queued';
  }
  const projectPath = `/projects/${encodeURIComponent(first.projectId)}`;
  const taskPath = first.taskId === null ? projectPath : `${projectPath}/tasks/${encodeURIComponent(first.taskId)}`;
  const mail = async () => noticeMail(profile.email, lines, taskPath, await unsubscribeLink(item.recipientId, 'mentions'));
  return sendOnce(keys.mailSent(item.recipientId, 'notice', item.recordId), new Date(item.at), mail, { userId: item.recipientId, mail: 'mention or assignment' });
}

export async function mailNotices(event: DynamoDBStreamEvent): Promise<Record<Outcome, number>> {
  const items = noticesOf(event);
  const summary: Record<Outcome, number> = { sent: 0, queued: 0, skipped: 0, refused: 0, failed: 0 };
  if (items.length === 0) return summary;
  const profiles = await getProfiles([...new Set(items.flatMap((item) => [item.recipientId, ...item.notices.map((notice) => notice.actorId)]))]);
  for (const item of items) summary[await tell(item, profiles)] += 1;
  logger.info('Mention and assignment mails', { ...summary });
  // Read again by Lambda: the sent ones are taken and skipped, the queued ones put again as they were.
  if (summary.failed > 0) throw new Error(`${summary.failed} mention or assignment mails failed`);
  return summary;
}

export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function noticeMailer(event) {
    await mailNotices(event);
  });
