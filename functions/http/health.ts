import { routeHandler } from '../lib/http-handler.js';
import { healthRoutes } from '../../shared/routes/health.js';

/** Liveness probe for load balancers and the local stack's readiness check. */
export const handler = routeHandler(healthRoutes.Health, async () => ({ status: 'ok' as const }));
