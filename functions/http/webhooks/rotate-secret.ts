import { rotateWebhookSecretFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.RotateWebhookSecret, async ({ caller, params }) => ({
  webhook: await rotateWebhookSecretFor(caller, params.workspaceId, params.webhookId),
}));
