import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '@shared/schemas/chat';
import type { PendingTurn } from './chat-session';
import { replyArrived, visibleMessages } from './visible-messages';

const stored = (id: string, role: 'user' | 'assistant', content: string): ChatMessageView => ({ id, role, content, toolCalls: [], createdAt: '2026-11-23T10:00:00Z' });
const turn = (overrides: Partial<PendingTurn> = {}): PendingTurn => ({ requestId: 'r1', userText: 'hi', reply: '', stopped: false, resuming: false, ...overrides });
const summary = (messages: ReturnType<typeof visibleMessages>) => messages.map((message) => `${message.role}:${message.content}${message.streaming ? '…' : ''}`);

describe('visibleMessages', () => {
  const history = [stored('a', 'user', 'earlier'), stored('b', 'assistant', 'answer')];

  it('shows the stored conversation and the exchange in flight after it', () => {
    expect(summary(visibleMessages(history, turn({ reply: 'Wor' })))).toEqual(['user:earlier', 'assistant:answer', 'user:hi', 'assistant:Wor…']);
  });

  it('shows the stored copy of the user message once loaded, not both', () => {
    const loaded = [...history, stored('m-user', 'user', 'hi')];
    expect(summary(visibleMessages(loaded, turn({ userMessageId: 'm-user', reply: 'Wor' })))).toEqual(['user:earlier', 'assistant:answer', 'user:hi', 'assistant:Wor…']);
  });

  it('keeps the finished reply until the reload holds it, then shows the stored one', () => {
    const finished = turn({ userMessageId: 'm-user', reply: 'Done', replyMessageId: 'm-reply' });
    expect(summary(visibleMessages([stored('m-user', 'user', 'hi')], finished))).toEqual(['user:hi', 'assistant:Done']);
    expect(summary(visibleMessages([stored('m-user', 'user', 'hi'), stored('m-reply', 'assistant', 'Done.')], finished))).toEqual(['user:hi', 'assistant:Done.']);
  });

  it('shows a reply once: the reload may hold it before the frame that names it arrives', () => {
    const stopped = turn({ userMessageId: 'm-user', reply: 'Part', stopped: true });
    expect(summary(visibleMessages([stored('m-user', 'user', 'hi')], stopped))).toEqual(['user:hi', 'assistant:Part']);
    expect(summary(visibleMessages([stored('m-user', 'user', 'hi'), stored('m-reply', 'assistant', 'Part *stopped*')], stopped))).toEqual(['user:hi', 'assistant:Part *stopped*']);
    // Not stopped: the last words streamed, the stored reply pushed to the tab before 'done'.
    const streamed = turn({ userMessageId: 'm-user', reply: 'All done' });
    expect(summary(visibleMessages([stored('m-user', 'user', 'hi'), stored('m-reply', 'assistant', 'All done')], streamed))).toEqual(['user:hi', 'assistant:All done']);
  });

  it('shows no empty bubble before the first words', () => {
    expect(summary(visibleMessages([], turn()))).toEqual(['user:hi']);
  });
});

describe('replyArrived', () => {
  it('is true once an assistant message follows the turn’s stored message', () => {
    const waiting = turn({ userMessageId: 'm-user', resuming: true });
    expect(replyArrived([stored('b', 'assistant', 'old'), stored('m-user', 'user', 'hi')], waiting)).toBe(false);
    expect(replyArrived([stored('m-user', 'user', 'hi'), stored('m-reply', 'assistant', 'Done')], waiting)).toBe(true);
  });
});
