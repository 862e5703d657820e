import { updateProfileInput } from '../../../shared/schemas/profile.js';
import { updateProfileFor } from '../../domain/profiles.js';
import { authenticatedHandler } from '../../lib/http-handler.js';

export const handler = authenticatedHandler({
  body: updateProfileInput,
  handle: async ({ caller, body }) => ({ statusCode: 200, body: { profile: await updateProfileFor(caller, body) } }),
});
