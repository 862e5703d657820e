import { unsubscribe } from '../../domain/unsubscribe.js';
import { routeHandler } from '../../lib/http-handler.js';
import { unsubscribeRoutes } from '../../../shared/routes/unsubscribe.js';

/** POST /mail/unsubscribe: turns off the kind of mail the signed token names, for its user, without sign-in. */
export const handler = routeHandler(unsubscribeRoutes.Unsubscribe, async ({ body }) => ({ kind: await unsubscribe(body.token) }));
