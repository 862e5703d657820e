import { socketTicketResponse } from '../schemas/socket-ticket.js';
import { namedRoutes } from './contract.js';

/** Realtime: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const realtimeRoutes = namedRoutes({
  // A one-use ticket for the WebSocket's $connect, so that no ID token travels in a URL.
  CreateSocketTicket: {
    method: 'POST', path: '/realtime/tickets', handler: 'functions/http/realtime/ticket', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 201,
    response: socketTicketResponse,
  },
});
