import { listWebhookDeliveriesFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.ListWebhookDeliveries, async ({ caller, params }) => ({
  deliveries: await listWebhookDeliveriesFor(caller, params.workspaceId, params.webhookId),
}));
