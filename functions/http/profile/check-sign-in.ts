import { checkSignInFor } from '../../domain/profiles.js';
import { routeHandler } from '../../lib/http-handler.js';
import { profileRoutes } from '../../../shared/routes/profile.js';

export const handler = routeHandler(profileRoutes.CheckSignIn, async ({ caller, body }) => checkSignInFor(caller, body));
