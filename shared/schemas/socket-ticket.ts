import * as z from 'zod/mini';

/** A one-use ticket the WebSocket URL carries as `?ticket=`, valid for `expiresInSeconds`. */
export const socketTicketResponse = z.object({ ticket: z.string(), expiresInSeconds: z.number() });
export type SocketTicketResponse = z.infer<typeof socketTicketResponse>;
