import type { QueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@shared/realtime';
import { assistantKeys } from './query-keys';

export type ConversationsChanged = Extract<ServerMessage, { type: 'conversations.changed' }>;

/**
 * The user's conversations changed in another tab or on another device: the history reloads, a changed
 * conversation reloads if it is loaded, and a deleted one leaves the cache (the chat showing it starts a
 * new conversation: `useChat`).
 */
export function applyConversationChanges(queryClient: QueryClient, { workspaceId, changes }: ConversationsChanged): void {
  void queryClient.invalidateQueries({ queryKey: assistantKeys.list(workspaceId) });
  for (const change of changes) {
    const queryKey = assistantKeys.conversation(workspaceId, change.id);
    if (change.deleted) queryClient.removeQueries({ queryKey });
    else void queryClient.invalidateQueries({ queryKey });
  }
}
