import { listMembersOf } from '../data/membership.js';
import type { Webhook } from '../data/webhooks.js';
import { getWorkspace } from '../data/workspace.js';
import { MANAGING_ROLES } from '../domain/authorize.js';
import { logger } from '../lib/logger.js';
import { sendMail } from '../mail/mailer.js';
import { webhookTurnedOffMail } from '../mail/webhook-mails.js';

/**
 * Mails the workspace's owners and admins (those who manage its webhooks) that `webhook` was turned off
 * for failing. A mail refused is logged, not thrown: the endpoint is off either way, and Workspace Settings says so.
 */
export async function mailWebhookTurnedOff(webhook: Webhook, failingSince: string): Promise<void> {
  const [workspace, members] = await Promise.all([getWorkspace(webhook.workspaceId), listMembersOf(webhook.workspaceId)]);
  if (!workspace) return;
  const recipients = members.filter((member) => MANAGING_ROLES.includes(member.role) && member.email !== '');
  const results = await Promise.allSettled(
    recipients.map((member) => sendMail(webhookTurnedOffMail({ to: member.email, workspaceName: workspace.name, url: webhook.url, failingSince }))),
  );
  for (const result of results) {
    if (result.status === 'rejected') logger.error('Webhook turned-off mail not sent', { error: result.reason as Error, webhookId: webhook.id });
  }
}
