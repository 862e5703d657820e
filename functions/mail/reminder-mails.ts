import { APP_NAME, buildMail, mailName, webUrl } from './compose.js';
import type { OutgoingMail } from './mailer.js';

export interface DueTomorrow {
  readonly title: string;
  readonly projectName: string;
  readonly workspaceName: string;
}

/** The daily due-date reminder (Settings → Due date reminders): the tasks assigned to the user due tomorrow. */
export function dueDateReminderMail(to: string, tasks: readonly DueTomorrow[], unsubscribe?: { url: string; label: string }): OutgoingMail {
  const count = tasks.length === 1 ? '1 task' : `${tasks.length} tasks`;
  return buildMail({
    to,
    subject: `${count} due tomorrow on ${APP_NAME}`,
    lines: [
      `${count} ${tasks.length === 1 ? 'is' : 'are'} due tomorrow:`,
      ...tasks.map((task) => `• ${mailName(task.title)} — ${mailName(task.projectName)} (${mailName(task.workspaceName)})`),
      'You get this mail because due date reminders are on in your settings.',
    ],
    link: webUrl ? { url: `${webUrl}/tasks`, label: 'Open your tasks' } : undefined,
    unsubscribe,
  });
}
