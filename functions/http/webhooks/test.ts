import { sendTestEventFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.TestWebhook, async ({ caller, params }) => ({
  delivery: await sendTestEventFor(caller, params.workspaceId, params.webhookId),
}));
