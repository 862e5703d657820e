import { updateProfileFor } from '../../domain/profiles.js';
import { routeHandler } from '../../lib/http-handler.js';
import { profileRoutes } from '../../../shared/routes/profile.js';

export const handler = routeHandler(profileRoutes.UpdateProfile, async ({ caller, body }) => ({ profile: await updateProfileFor(caller, body) }));
