import { routeHandler } from '../lib/http-handler.js';
import { routes } from '../../shared/routes.js';

/** Liveness probe for load balancers and the local stack's readiness check. */
export const handler = routeHandler(routes.Health, async () => ({ status: 'ok' as const }));
