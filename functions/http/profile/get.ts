import { getProfileFor } from '../../domain/profiles.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetProfile, async ({ caller }) => ({ profile: await getProfileFor(caller) }));
