import { APP_NAME, buildMail, mailName, webUrl } from './compose.js';
import type { OutgoingMail } from './mailer.js';

/** An open task of the user's, with where it is. */
export interface DigestTask {
  readonly title: string;
  readonly dueDate: string | null;
  readonly projectName: string;
  readonly workspaceName: string;
}

/** A task the week's saved plan put on a day. */
export interface PlannedTask extends DigestTask {
  readonly date: string;
}

type Unsubscribe = { url: string; label: string } | undefined;

const taskLine = (task: DigestTask, due = false) =>
  `• ${mailName(task.title)}${due && task.dueDate ? ` (due ${task.dueDate})` : ''} — ${mailName(task.projectName)} (${mailName(task.workspaceName)})`;
const openTasks = webUrl ? { url: `${webUrl}/tasks`, label: 'Open your tasks' } : undefined;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The daily digest (Settings → Daily digest): the user's open tasks due today and those already late. */
export function dailyDigestMail(to: string, dueToday: readonly DigestTask[], late: readonly DigestTask[], unsubscribe: Unsubscribe): OutgoingMail {
  return buildMail({
    to,
    subject: `Your day on ${APP_NAME}: ${count(dueToday.length, 'task', 'tasks')} due today, ${late.length} late`,
    lines: [
      ...(dueToday.length > 0 ? ['Due today:', ...dueToday.map((task) => taskLine(task))] : []),
      ...(late.length > 0 ? ['Late:', ...late.map((task) => taskLine(task, true))] : []),
      'You get this mail because the daily digest is on in your settings.',
    ],
    link: openTasks,
    unsubscribe,
  });
}

/** The weekly review (Settings → Weekly review), on Monday: where the week's saved plan put the user's tasks, and what is late. */
export function weeklyReviewMail(to: string, planned: readonly PlannedTask[], late: readonly DigestTask[], unsubscribe: Unsubscribe): OutgoingMail {
  const days = [...new Set(planned.map((task) => task.date))].sort();
  return buildMail({
    to,
    subject: `Your weekly review on ${APP_NAME}`,
    lines: [
      planned.length > 0 ? 'Your week as planned:' : 'No saved plan puts any of your tasks in this week.',
      ...days.flatMap((day) => [`${day}:`, ...planned.filter((task) => task.date === day).map((task) => taskLine(task))]),
      late.length > 0 ? `Late (${late.length}):` : 'Nothing of yours is late.',
      ...late.map((task) => taskLine(task, true)),
      'You get this mail because the weekly review is on in your settings.',
    ],
    link: openTasks,
    unsubscribe,
  });
}
