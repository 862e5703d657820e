import * as z from 'zod/mini';

/**
 * What the WebSocket route hands the chat worker: who asks, where, and which connection and request the
 * reply's frames go to. The user's message is already stored in the conversation.
 */
export const chatJob = z.object({
  connectionId: z.string(),
  requestId: z.string(),
  userId: z.string(),
  workspaceId: z.string(),
  conversationId: z.string(),
  projectId: z.nullable(z.string()),
  /** The user's day (YYYY-MM-DD) in their time zone. */
  today: z.string(),
  /** The browser's time zone, as it said (checked where it is used). */
  timeZone: z.optional(z.string()),
});
export type ChatJob = z.infer<typeof chatJob>;
