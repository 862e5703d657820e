import { APP_NAME, buildMail, mailName, webUrl } from './compose.js';
import type { OutgoingMail } from './mailer.js';
import type { NoticeKind } from './mention-notices.js';

/** A notice with the names it shows, as they are when it is mailed. */
export interface NamedNotice {
  readonly kind: NoticeKind;
  readonly actorName: string;
  /** Null for a comment on a project itself. */
  readonly taskTitle: string | null;
  readonly projectName: string;
  readonly workspaceName: string;
}

const DOING: Record<NoticeKind, string> = {
  assigned: 'assigned you',
  'mentioned-in-task': 'mentioned you in',
  'mentioned-in-comment': 'mentioned you in a comment on',
};

/** One line of a notice mail or digest: who did what on which task (or project), where. Names only through mailName. */
export function noticeLine(notice: NamedNotice): string {
  const where = notice.taskTitle === null ? '' : `“${mailName(notice.taskTitle)}” — `;
  return `${mailName(notice.actorName)} ${DOING[notice.kind]} ${where}${mailName(notice.projectName)} (${mailName(notice.workspaceName)})`;
}

type Unsubscribe = { url: string; label: string } | undefined;

const footer = 'You get this mail because mentions and assignments are mailed to you in your settings.';

/** The mail of one write (mentions and assignments: immediately); its subject carries no name anyone chose. */
export function noticeMail(to: string, lines: readonly string[], taskPath: string, unsubscribe: Unsubscribe): OutgoingMail {
  return buildMail({
    to,
    subject: `New mention or assignment on ${APP_NAME}`,
    lines: [...lines, footer],
    link: webUrl ? { url: `${webUrl}${taskPath}`, label: taskPath.includes('/tasks/') ? 'Open the task' : 'Open the project' } : undefined,
    unsubscribe,
  });
}

/** The daily digest of mentions and assignments (mentions and assignments: daily): every waiting line, oldest first. */
export function noticeDigestMail(to: string, lines: readonly string[], unsubscribe: Unsubscribe): OutgoingMail {
  const count = lines.length === 1 ? '1 mention or assignment' : `${lines.length} mentions and assignments`;
  return buildMail({
    to,
    subject: `Your daily digest: ${count} on ${APP_NAME}`,
    lines: [`Since your last digest:`, ...lines.map((line) => `• ${line}`), footer],
    link: webUrl ? { url: `${webUrl}/tasks`, label: 'Open your tasks' } : undefined,
    unsubscribe,
  });
}
