import type { ChatMessageView, ToolCallView } from '@shared/schemas/chat';
import type { PendingTurn } from './chat-session';

/** A message as the list shows it: stored, or still being written (streaming). */
export interface ShownMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly toolCalls: readonly ToolCallView[];
  readonly streaming: boolean;
}

/**
 * The loaded conversation followed by the exchange in flight. Each half of the exchange gives way to the
 * server's copy as soon as the loaded messages hold it, so nothing shows twice and nothing blinks out.
 */
export function visibleMessages(stored: readonly ChatMessageView[], turn: PendingTurn | null): ShownMessage[] {
  const shown: ShownMessage[] = stored.map((message) => ({ ...message, streaming: false }));
  if (!turn) return shown;
  const storedIds = new Set(stored.map((message) => message.id));
  if (!turn.userMessageId || !storedIds.has(turn.userMessageId)) {
    shown.push({ id: `pending-user-${turn.requestId}`, role: 'user', content: turn.userText, toolCalls: [], streaming: false });
  }
  // The server stores a reply whole, then says 'done' with its id: a reload (another tab's push, Stop) may hold
  // it first, and the reply after the user's message is it.
  const replyStored = turn.replyMessageId !== undefined ? storedIds.has(turn.replyMessageId) : replyArrived(stored, turn);
  if (!replyStored && turn.reply) {
    const finished = turn.stopped || turn.replyMessageId !== undefined;
    shown.push({ id: `pending-reply-${turn.requestId}`, role: 'assistant', content: turn.reply, toolCalls: [], streaming: !finished });
  }
  return shown;
}

/** True once the loaded conversation holds a reply to the turn's message (after a dropped connection). */
export function replyArrived(stored: readonly ChatMessageView[], turn: PendingTurn): boolean {
  const asked = stored.findIndex((message) => message.id === turn.userMessageId);
  return asked >= 0 && stored.slice(asked + 1).some((message) => message.role === 'assistant');
}
