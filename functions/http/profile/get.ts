import { getProfileFor } from '../../domain/profiles.js';
import { authenticatedHandler } from '../../lib/http-handler.js';

export const handler = authenticatedHandler({
  handle: async ({ caller }) => ({ statusCode: 200, body: { profile: await getProfileFor(caller) } }),
});
