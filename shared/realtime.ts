import { z } from 'zod';
import { ID_MAX_LENGTH } from './schemas/project.js';

/** What a browser may send over the WebSocket ($default route). */
export const clientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  // Bounded like ids in HTTP bodies: the id becomes part of a DynamoDB key.
  z.object({ action: z.literal('subscribe'), workspaceId: z.string().min(1).max(ID_MAX_LENGTH) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** What the server pushes. Browsers reload only what a push names. */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), workspaceId: z.string() }),
  /** The user's memberships changed: reload the workspace list. */
  z.object({ type: z.literal('workspaces.changed') }),
  /** Something inside a subscribed workspace changed: reload its data. */
  z.object({ type: z.literal('workspace.changed'), workspaceId: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
