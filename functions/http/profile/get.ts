import { getProfileFor } from '../../domain/profiles.js';
import { routeHandler } from '../../lib/http-handler.js';
import { profileRoutes } from '../../../shared/routes/profile.js';

export const handler = routeHandler(profileRoutes.GetProfile, async ({ caller }) => ({ profile: await getProfileFor(caller) }));
