import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useRealtime } from '@/lib/realtime';
import { useConversation } from '../api/conversations';
import { assistantKeys } from '../api/query-keys';
import { chatReducer, chatTimers, initialChatState, isBusy, RESUME_POLL_MS, type ChatTimer, type NewRequest } from '../utils/chat-session';
import { visibleMessages } from '../utils/visible-messages';

const newRequest = (): NewRequest => ({ requestId: crypto.randomUUID(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

/**
 * Arms a timeout for each listed timer, once per key: a key that stays listed keeps its timeout (and is not
 * armed again once it has run out), one that leaves the list is cleared.
 */
function useTimers(timers: readonly ChatTimer[], expire: (key: string) => void) {
  const armed = useRef(new Map<string, ReturnType<typeof setTimeout> | 'expired'>());
  const listed = JSON.stringify(timers.map(({ key, ms }) => [key, ms]));
  useEffect(() => {
    const wanted = new Map<string, number>(JSON.parse(listed) as [string, number][]);
    for (const [key, timer] of armed.current) {
      if (wanted.has(key)) continue;
      if (timer !== 'expired') clearTimeout(timer);
      armed.current.delete(key);
    }
    for (const [key, ms] of wanted) {
      if (armed.current.has(key)) continue;
      armed.current.set(
        key,
        setTimeout(() => {
          armed.current.set(key, 'expired');
          expire(key);
        }, ms),
      );
    }
  }, [listed, expire]);
  useEffect(() => {
    const current = armed.current;
    return () => {
      for (const timer of current.values()) if (timer !== 'expired') clearTimeout(timer);
      current.clear();
    };
  }, []);
}

/**
 * One chat with the assistant: the state and its timers are the reducer's (utils/chat-session.ts); this hook
 * feeds it what happens outside (props, socket, the stored conversation, timers running out) and carries out
 * what it asks for: sends on the realtime WebSocket and reloads of the conversation and its list.
 */
export function useChat({ workspaceId, projectId }: { workspaceId: string | undefined; projectId: string | undefined }) {
  const [state, dispatch] = useReducer(chatReducer, { workspaceId, projectId }, (context) => initialChatState(null, context));
  const { send, subscribe, status: socketStatus } = useRealtime();
  const queryClient = useQueryClient();
  const { turn, status, conversationId, outbox } = state;

  const conversation = useConversation(workspaceId, conversationId, turn?.resuming ? RESUME_POLL_MS : undefined);
  const storedMessages = conversation.data?.messages;

  useEffect(() => dispatch({ type: 'context', workspaceId, projectId }), [workspaceId, projectId]);
  useEffect(() => dispatch({ type: 'socket', status: socketStatus }), [socketStatus]);
  useEffect(() => {
    if (storedMessages) dispatch({ type: 'stored', messages: storedMessages });
  }, [turn, storedMessages]);

  // The reply's frames, and the conversations changed elsewhere (the open one deleted in another tab).
  useEffect(
    () =>
      subscribe((message) => {
        if (message.type === 'chat' && workspaceId) dispatch({ type: 'frame', requestId: message.requestId, frame: message.frame });
        if (message.type === 'conversations.changed' && message.workspaceId === workspaceId) dispatch({ type: 'conversations-changed', changes: message.changes });
      }),
    [subscribe, workspaceId],
  );

  // What the reducer asked for, in order, each command once (a render may show commands already carried out).
  const carriedOut = useRef(0);
  useEffect(() => {
    const last = outbox.at(-1);
    if (!last) return;
    for (const command of outbox) {
      if (command.seq <= carriedOut.current) continue;
      carriedOut.current = command.seq;
      if (command.type === 'send') {
        if (!send(command.message)) dispatch({ type: 'refused', command });
      } else {
        const queryKey = command.conversationId ? assistantKeys.conversation(command.workspaceId, command.conversationId) : assistantKeys.list(command.workspaceId);
        void queryClient.invalidateQueries({ queryKey });
      }
    }
    dispatch({ type: 'delivered', upTo: last.seq });
  }, [outbox, send, queryClient]);

  const expire = useCallback((key: string) => dispatch({ type: 'timeout', key, ...newRequest() }), []);
  useTimers(chatTimers(state), expire);

  /** Sends a message; false when it could not go (blank, or no workspace), so the box keeps the text. */
  const submit = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      if (!message) return false;
      dispatch({ type: 'send', text: message, workspaceId, projectId, ...newRequest() });
      return Boolean(workspaceId);
    },
    [workspaceId, projectId],
  );
  const retry = useCallback(() => dispatch({ type: 'retry', workspaceId, projectId, ...newRequest() }), [workspaceId, projectId]);
  const stop = useCallback(() => dispatch({ type: 'stop' }), []);
  const open = useCallback((id: string | null) => dispatch({ type: 'open', conversationId: id }), []);

  return {
    status,
    conversationId,
    turn,
    toolCalls: state.toolCalls,
    error: state.error,
    lastMessage: state.lastMessage,
    retryAttempt: state.retryAttempt,
    finishedReply: state.finishedReply,
    messages: visibleMessages(storedMessages ?? [], turn),
    conversation: conversation.data?.conversation ?? null,
    conversationLoading: conversation.isPending && conversation.fetchStatus !== 'idle',
    conversationFailed: conversation.isError,
    reloadConversation: () => void conversation.refetch(),
    busy: isBusy(status),
    submit,
    stop,
    retry,
    open,
  };
}

export type ChatSession = ReturnType<typeof useChat>;
