import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { ClientMessage } from '@shared/realtime';
import type { ChatFrame } from '@shared/schemas/chat';
import { useRealtime } from '@/lib/realtime';
import { useConversation } from '../api/conversations';
import { assistantKeys } from '../api/query-keys';
import {
  chatReducer,
  CONNECTION_NOT_OPEN,
  initialChatState,
  isBusy,
  MAX_AUTO_RETRIES,
  NO_WORKSPACE_SELECTED,
  RETRY_DELAY_MS,
  TOOL_PILLS_CLEAR_MS,
} from '../utils/chat-session';
import { replyArrived, visibleMessages } from '../utils/visible-messages';

/** How long a sent message may wait for the server's first frame before it counts as a connection failure. */
const START_TIMEOUT_MS = 15_000;
/** While a dropped reply is being finished on the server, the conversation is reloaded this often. */
const RESUME_POLL_MS = 2_000;
const RESUME_GIVE_UP_MS = 120_000;
/**
 * A reply that sends nothing for this long is waited for as a dropped one (its worker died, or its frames
 * were lost): the stored conversation is read until the reply shows, or given up on.
 */
const REPLY_SILENCE_MS = 90_000;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One chat with the assistant: sends messages on the realtime WebSocket, folds the reply's frames into the
 * state, reloads the conversation when a reply is done, resends after stream or connection failures
 * (2 s × attempt, 3 times), and after a dropped connection reloads until the stored reply shows (resume).
 */
export function useChat({ workspaceId, projectId }: { workspaceId: string | undefined; projectId: string | undefined }) {
  const [state, dispatch] = useReducer(chatReducer, null, () => initialChatState());
  const { send, subscribe, status: socketStatus } = useRealtime();
  // A message sent while the socket is (re)connecting waits here and goes out as soon as it opens.
  const unsent = useRef<ClientMessage | null>(null);
  // The request in flight and its conversation, known at once (frames may arrive before React renders).
  const request = useRef<{ id: string; conversationId: string | null } | null>(null);
  const queryClient = useQueryClient();
  // The latest state for callbacks and the socket listener, which outlive renders.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const { turn, status, error, retryAttempt, lastMessage, conversationId } = state;

  const conversation = useConversation(workspaceId, conversationId, turn?.resuming ? RESUME_POLL_MS : undefined);
  const storedMessages = conversation.data?.messages;

  // Another workspace starts a new conversation (the first one becoming known is not a change: a message
  // sent meanwhile stays).
  const shownWorkspaceId = useRef(workspaceId);
  useEffect(() => {
    if (!workspaceId) return;
    if (shownWorkspaceId.current && shownWorkspaceId.current !== workspaceId) dispatch({ type: 'open', conversationId: null });
    shownWorkspaceId.current = workspaceId;
  }, [workspaceId]);

  // The reply's frames; a new conversation joins the history, a finished reply is reloaded from the server.
  useEffect(
    () =>
      subscribe((message) => {
        const current = request.current;
        if (message.type !== 'chat' || message.requestId !== current?.id || !workspaceId) return;
        const frame: ChatFrame = message.frame;
        dispatch({ type: 'frame', requestId: message.requestId, frame });
        if (frame.type === 'start') {
          if (frame.conversationId !== current.conversationId) void queryClient.invalidateQueries({ queryKey: assistantKeys.list(workspaceId) });
          current.conversationId = frame.conversationId;
        }
        if (frame.type === 'done' && current.conversationId) {
          void queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(workspaceId, current.conversationId) });
          void queryClient.invalidateQueries({ queryKey: assistantKeys.list(workspaceId) });
        }
      }),
    [subscribe, queryClient, workspaceId],
  );

  /** Sends a message; false when it could not go (blank, or no workspace), so the box keeps the text. */
  const submit = useCallback(
    (text: string, attempt = 0): boolean => {
      const message = text.trim();
      if (!message) return false;
      if (!workspaceId) {
        dispatch({ type: 'fail', error: { message: NO_WORKSPACE_SELECTED, stream: false } });
        return false;
      }
      const requestId = crypto.randomUUID();
      const current = stateRef.current.conversationId;
      request.current = { id: requestId, conversationId: current };
      dispatch({ type: 'submit', requestId, text: message, retryAttempt: attempt });
      const chat: ClientMessage = {
        action: 'chat',
        requestId,
        workspaceId,
        message,
        timeZone: browserTimeZone(),
        ...(current ? { conversationId: current } : {}),
        ...(projectId ? { projectId } : {}),
      };
      unsent.current = send(chat) ? null : chat;
      return true;
    },
    [send, workspaceId, projectId],
  );

  // The waiting message goes out on open; one that waited past the start timeout was given up (below).
  useEffect(() => {
    if (socketStatus !== 'open' || !unsent.current) return;
    const waiting = unsent.current;
    unsent.current = null;
    if (waiting.action === 'chat' && waiting.requestId === request.current?.id && !send(waiting)) {
      dispatch({ type: 'fail', error: { message: CONNECTION_NOT_OPEN, stream: true } });
    }
  }, [socketStatus, send]);

  // A reply given up on is stopped on the server too, so its conversation takes the next message at once
  // (the server runs one reply per conversation).
  const abandonRequest = useCallback(() => {
    const current = request.current;
    if (!current || !workspaceId) return;
    send({ action: 'chat.stop', requestId: current.id, workspaceId, ...(current.conversationId ? { conversationId: current.conversationId } : {}) });
  }, [send, workspaceId]);

  const stop = useCallback(() => {
    unsent.current = null;
    abandonRequest();
    dispatch({ type: 'stop' });
  }, [abandonRequest]);

  const retry = useCallback(() => {
    if (stateRef.current.lastMessage) submit(stateRef.current.lastMessage);
  }, [submit]);

  const open = useCallback(
    (id: string | null) => {
      if (isBusy(stateRef.current.status)) stop();
      request.current = null;
      dispatch({ type: 'open', conversationId: id });
    },
    [stop],
  );

  // The open conversation deleted in another tab or on another device: the chat starts a new one.
  useEffect(
    () =>
      subscribe((message) => {
        if (message.type !== 'conversations.changed' || message.workspaceId !== workspaceId) return;
        const openId = stateRef.current.conversationId;
        if (message.changes.some((change) => change.deleted && change.id === openId)) open(null);
      }),
    [subscribe, workspaceId, open],
  );

  // A dropped socket: before the reply started, a failure to resend; after, a wait for the stored reply.
  useEffect(() => {
    if (socketStatus !== 'open' && !unsent.current) dispatch({ type: 'connection-lost' });
  }, [socketStatus]);

  // No first frame in time (the socket never opened, or the message was lost) counts as a lost connection.
  useEffect(() => {
    if (status !== 'submitted') return undefined;
    const timer = setTimeout(() => {
      unsent.current = null;
      abandonRequest();
      dispatch({ type: 'connection-lost' });
    }, START_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status, turn?.requestId, abandonRequest]);

  // Stream and connection failures are sent again, 2 s × the attempt, up to 3 times.
  useEffect(() => {
    if (status !== 'error' || !error?.stream || !lastMessage || retryAttempt >= MAX_AUTO_RETRIES) return undefined;
    const attempt = retryAttempt + 1;
    const timer = setTimeout(() => submit(lastMessage, attempt), RETRY_DELAY_MS * attempt);
    return () => clearTimeout(timer);
  }, [status, error, lastMessage, retryAttempt, submit]);

  // The pill strip empties a while after the reply.
  const pillCount = state.toolCalls.length;
  useEffect(() => {
    if (status !== 'ready' || pillCount === 0) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'clear-pills' }), TOOL_PILLS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status, pillCount]);

  // The exchange in flight gives way to the stored copy once it is loaded; a resumed reply ends the wait.
  useEffect(() => {
    if (!turn || !storedMessages) return;
    if (turn.resuming && replyArrived(storedMessages, turn)) dispatch({ type: 'resumed' });
    else if (turn.replyMessageId && storedMessages.some((message) => message.id === turn.replyMessageId)) dispatch({ type: 'settled' });
  }, [turn, storedMessages]);

  // A reply gone silent is waited for as a dropped one; every frame (text, a tool's start or result) restarts the wait.
  const resuming = Boolean(turn?.resuming);
  const replySoFar = turn?.reply;
  const toolCallsSoFar = state.toolCalls;
  useEffect(() => {
    if (status !== 'streaming' || resuming) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'connection-lost' }), REPLY_SILENCE_MS);
    return () => clearTimeout(timer);
  }, [status, resuming, replySoFar, toolCallsSoFar]);

  // A resumed reply that never arrives ends as an error rather than a spinner forever.
  useEffect(() => {
    if (!resuming) return undefined;
    const timer = setTimeout(() => {
      abandonRequest();
      dispatch({ type: 'fail', error: { message: 'The reply did not arrive', stream: false } });
    }, RESUME_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [resuming, abandonRequest]);

  return {
    ...state,
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
