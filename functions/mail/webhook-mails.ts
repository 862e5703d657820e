import { APP_NAME, buildMail, mailName, webUrl } from './compose.js';
import type { OutgoingMail } from './mailer.js';

export interface WebhookTurnedOffMailInput {
  readonly to: string;
  readonly workspaceName: string;
  readonly url: string;
  /** When its run of failed deliveries began. */
  readonly failingSince: string;
}

/**
 * To a workspace's owners and admins when one of its webhook endpoints was turned off (issue 38): which
 * endpoint, why, and where to turn it back on. The URL and the workspace's name are chosen text, so they are
 * in the body only, as mailName makes them; the one link is the app's own Workspace Settings.
 */
export function webhookTurnedOffMail({ to, workspaceName, url, failingSince }: WebhookTurnedOffMailInput): OutgoingMail {
  return buildMail({
    to,
    subject: `A webhook of your workspace was turned off on ${APP_NAME}`,
    lines: [
      `The webhook to ${mailName(url)} in the workspace "${mailName(workspaceName)}" was turned off: every delivery to it has failed since ${failingSince} (3 days).`,
      'It is sent no more events until an owner or admin turns it on again in Workspace Settings → Webhooks; its recent deliveries there show what the receiver answered.',
    ],
    link: webUrl ? { url: `${webUrl}/workspaces/settings`, label: 'Open Workspace Settings' } : undefined,
  });
}
