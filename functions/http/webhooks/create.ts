import { createWebhookFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.CreateWebhook, async ({ caller, params, body }) => ({
  webhook: await createWebhookFor(caller, params.workspaceId, body),
}));
