import { publicHandler } from '../lib/http-handler.js';

/** Liveness probe for load balancers and the local stack's readiness check. */
export const handler = publicHandler(async () => ({ statusCode: 200, body: { status: 'ok' } }));
