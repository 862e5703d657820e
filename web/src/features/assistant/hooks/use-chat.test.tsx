import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage, ServerMessage } from '@shared/realtime';
import type { ChatFrame } from '@shared/schemas/chat';
import { testQueryClient } from '@/testing/render';
import { api, server } from '@/testing/server';
import { assistantKeys } from '../api/query-keys';
import { CONNECTION_LOST, RETRY_DELAY_MS, START_TIMEOUT_MS } from '../utils/chat-session';
import { useChat } from './use-chat';

/** The realtime socket as the hook sees it: what it sent, and a way to push server messages and status changes. */
const socket = vi.hoisted(() => ({
  status: 'open' as 'connecting' | 'open' | 'closed',
  sent: [] as ClientMessage[],
  listeners: new Set<(message: ServerMessage) => void>(),
}));

vi.mock('@/lib/realtime', () => ({
  useRealtime: () => ({
    status: socket.status,
    connectionCount: 1,
    send: sendOnSocket,
    subscribe: subscribeToSocket,
  }),
}));

function sendOnSocket(message: ClientMessage): boolean {
  if (socket.status !== 'open') return false;
  socket.sent.push(message);
  return true;
}
function subscribeToSocket(listener: (message: ServerMessage) => void) {
  socket.listeners.add(listener);
  return () => void socket.listeners.delete(listener);
}

const push = (requestId: string, frame: ChatFrame) =>
  act(() => socket.listeners.forEach((listener) => listener({ type: 'chat', requestId, frame })));
const chats = () => socket.sent.filter((message) => message.action === 'chat');

function renderChat() {
  const queryClient = testQueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useChat({ workspaceId: 'ws-1', projectId: undefined }), { wrapper });
  return { ...hook, invalidated };
}

describe('useChat on the socket', () => {
  beforeEach(() => {
    socket.status = 'open';
    socket.sent = [];
    socket.listeners.clear();
    // The conversation a reply starts, as stored (still empty: these tests follow the frames).
    server.use(
      http.get(api('/workspaces/ws-1/conversations/:conversationId'), ({ params }) =>
        HttpResponse.json({ conversation: { id: params.conversationId, title: 'Chat', createdAt: '', updatedAt: '' }, messages: [] }),
      ),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('sends a message, follows its frames, and reloads the history and the conversation when the reply is done', () => {
    const { result, invalidated } = renderChat();
    let accepted = false;
    act(() => {
      accepted = result.current.submit('  what can you do ');
    });
    expect(accepted).toBe(true);
    expect(chats()).toEqual([expect.objectContaining({ action: 'chat', workspaceId: 'ws-1', message: 'what can you do' })]);
    const [sent] = chats();
    const requestId = sent?.requestId ?? '';
    expect(result.current.status).toBe('submitted');

    push(requestId, { type: 'start', conversationId: 'c1', messageId: 'm-user' });
    push(requestId, { type: 'text-delta', data: { text: 'Plenty' } });
    expect(result.current).toMatchObject({ status: 'streaming', conversationId: 'c1' });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: assistantKeys.list('ws-1') });
    push(requestId, { type: 'done', messageId: 'm-reply' });
    expect(result.current).toMatchObject({ status: 'ready', finishedReply: 'Plenty' });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: assistantKeys.conversation('ws-1', 'c1') });
    expect(result.current.submit('   ')).toBe(false);
  });

  it('a message sent while the socket is down goes out once it opens, under the same request', () => {
    socket.status = 'connecting';
    const { result, rerender } = renderChat();
    act(() => void result.current.submit('hello'));
    expect(socket.sent).toEqual([]);
    expect(result.current.status).toBe('submitted');
    socket.status = 'open';
    rerender();
    expect(chats()).toEqual([expect.objectContaining({ message: 'hello' })]);
    expect(result.current.status).toBe('submitted');
  });

  it('no first frame in 15 s: the request is stopped, then resent after 2 s', () => {
    vi.useFakeTimers();
    const { result } = renderChat();
    act(() => void result.current.submit('hello'));
    const first = chats()[0]?.requestId;
    act(() => void vi.advanceTimersByTime(START_TIMEOUT_MS));
    expect(socket.sent.at(-1)).toEqual({ action: 'chat.stop', requestId: first, workspaceId: 'ws-1' });
    expect(result.current).toMatchObject({ status: 'error', error: { message: CONNECTION_LOST, stream: true } });
    act(() => void vi.advanceTimersByTime(RETRY_DELAY_MS));
    expect(chats()).toHaveLength(2);
    expect(chats()[1]).toMatchObject({ message: 'hello' });
    expect(chats()[1]?.requestId).not.toBe(first);
    expect(result.current).toMatchObject({ status: 'submitted', retryAttempt: 1 });
  });

  it('Stop sends chat.stop once and the chat is ready at once', () => {
    const { result } = renderChat();
    act(() => void result.current.submit('hello'));
    const requestId = chats()[0]?.requestId ?? '';
    push(requestId, { type: 'start', conversationId: 'c1', messageId: 'm-user' });
    act(() => result.current.stop());
    expect(socket.sent.filter((message) => message.action === 'chat.stop')).toEqual([{ action: 'chat.stop', requestId, workspaceId: 'ws-1', conversationId: 'c1' }]);
    expect(result.current.status).toBe('ready');
  });
});
