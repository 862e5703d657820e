import * as z from 'zod/mini';
import { namedRoutes } from './contract.js';

/** The health check: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const healthRoutes = namedRoutes({
  Health: { method: 'GET', path: '/health', handler: 'functions/http/health', auth: 'public', dataAccess: 'none', status: 200, response: z.object({ status: z.literal('ok') }) },
});
