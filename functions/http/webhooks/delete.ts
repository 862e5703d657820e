import { deleteWebhookFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.DeleteWebhook, ({ caller, params }) => deleteWebhookFor(caller, params.workspaceId, params.webhookId));
