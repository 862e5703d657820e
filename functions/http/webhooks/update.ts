import { updateWebhookFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.UpdateWebhook, async ({ caller, params, body }) => ({
  webhook: await updateWebhookFor(caller, params.workspaceId, params.webhookId, body),
}));
