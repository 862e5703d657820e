// eslint-disable-next-line import-x/no-restricted-paths -- a ticket is the signed-in caller's own one-use credential: no workspace, no domain rule between
import { issueSocketTicket, SOCKET_TICKET_SECONDS } from '../../data/socket-tickets.js';
import { authorizedFromEvent } from '../../lib/caller.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { routeHandler } from '../../lib/http-handler.js';
import { realtimeRoutes } from '../../../shared/routes/realtime.js';

/**
 * A ticket for the WebSocket, bound to the caller and to their ID token's expiry: the connection it opens is
 * closed when the sign-in it was made from runs out, as one opened with the token itself would be.
 */
export const handler = routeHandler(realtimeRoutes.CreateSocketTicket, async ({ caller, event }) => {
  const authorized = authorizedFromEvent(event);
  // The route refuses API tokens (a WebSocket is the app's); this only narrows the type.
  const tokenExpiresAt = authorized.via === 'session' ? Number(authorized.expiresAt) : NaN;
  if (!Number.isFinite(tokenExpiresAt)) throw new UnauthorizedError();
  return { ticket: await issueSocketTicket({ userId: caller.userId, tokenExpiresAt }), expiresInSeconds: SOCKET_TICKET_SECONDS };
});
