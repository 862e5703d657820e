import { listWebhooksFor } from '../../domain/webhooks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { webhooksRoutes } from '../../../shared/routes/webhooks.js';

export const handler = routeHandler(webhooksRoutes.ListWebhooks, async ({ caller, params }) => ({ webhooks: await listWebhooksFor(caller, params.workspaceId) }));
