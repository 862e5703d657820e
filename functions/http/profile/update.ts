import { updateProfileFor } from '../../domain/profiles.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateProfile, async ({ caller, body }) => ({ profile: await updateProfileFor(caller, body) }));
