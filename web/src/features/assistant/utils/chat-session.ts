import type { ChatFrame, ToolCallView } from '@shared/schemas/chat';

/**
 * The state of the chat (spec pages §4 AI states) as a reducer over what happens: the user sends, stops or
 * retries, a frame of the reply arrives, the connection drops. The hook (use-chat.ts) wires it to the socket.
 */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error';

/** Automatic resends of a message whose stream or connection failed (spec pages §9). */
export const MAX_AUTO_RETRIES = 3;
export const RETRY_DELAY_MS = 2_000;
/** Tool pills leave the strip this long after a reply finishes. */
export const TOOL_PILLS_CLEAR_MS = 5_000;

export const REQUEST_FAILED = 'Request failed';
export const NO_WORKSPACE_SELECTED = 'No workspace selected';
/** A message the socket would not take (spec pages §8's text for a send that failed). */
export const CONNECTION_NOT_OPEN = 'Failed to send message to AI';
export const CONNECTION_LOST = 'The connection dropped before the reply started';
export const STREAM_ERROR_DEFAULT = 'An error occurred';

/** The exchange being written: the user's message and the reply as it streams, until the server's copy is loaded. */
export interface PendingTurn {
  readonly requestId: string;
  readonly userText: string;
  /** The stored user message (start frame): once the loaded conversation holds it, its copy is shown instead. */
  readonly userMessageId?: string;
  readonly reply: string;
  /** The stored reply (done frame). */
  readonly replyMessageId?: string;
  /** The user pressed Stop: later text is ignored; the stored reply replaces this one when it is loaded. */
  readonly stopped: boolean;
  /** The socket dropped mid-reply: the reply goes on being stored, and the conversation is reloaded until it is. */
  readonly resuming: boolean;
}

export interface ChatError {
  readonly message: string;
  /** A stream or connection failure: shown in the Stream Error box and resent automatically. */
  readonly stream: boolean;
}

export interface ChatSessionState {
  readonly status: ChatStatus;
  /** Null for a new conversation until the first reply names it. */
  readonly conversationId: string | null;
  readonly turn: PendingTurn | null;
  /** The tool pill strip of the current reply. */
  readonly toolCalls: readonly ToolCallView[];
  readonly error: ChatError | null;
  /** The last message sent, for Retry Message and the automatic resend. */
  readonly lastMessage: string | null;
  /** Automatic resends made for the last message (shown as 'Retry attempt: n/3'). */
  readonly retryAttempt: number;
  /** The text of the last finished reply, for screen readers (announced once, whole). */
  readonly finishedReply: string;
}

export type ChatAction =
  | { type: 'open'; conversationId: string | null }
  | { type: 'submit'; requestId: string; text: string; retryAttempt: number }
  | { type: 'frame'; requestId: string; frame: ChatFrame }
  | { type: 'stop' }
  | { type: 'fail'; error: ChatError }
  | { type: 'connection-lost' }
  | { type: 'resumed' }
  | { type: 'clear-pills' }
  | { type: 'settled' };

export const initialChatState = (conversationId: string | null = null): ChatSessionState => ({
  status: 'ready',
  conversationId,
  turn: null,
  toolCalls: [],
  error: null,
  lastMessage: null,
  retryAttempt: 0,
  finishedReply: '',
});

/** Errors that mention the stream or the connection are worth sending again (spec pages §4 Auto retry). */
export function isStreamError(message: string): boolean {
  return /stream|connection/i.test(message);
}

export const isBusy = (status: ChatStatus) => status === 'submitted' || status === 'streaming';

/** Every pending tool becomes an error when the whole request fails (spec pages §4). */
function failPending(toolCalls: readonly ToolCallView[]): ToolCallView[] {
  return toolCalls.map((call) => (call.status === 'pending' ? { ...call, status: 'error', message: REQUEST_FAILED } : call));
}

function applyFrame(state: ChatSessionState, turn: PendingTurn, frame: ChatFrame): ChatSessionState {
  if (frame.type === 'start') {
    // Adopted even after Stop: the message is stored in that conversation (a new one, perhaps).
    const started = { ...state, conversationId: frame.conversationId, turn: { ...turn, userMessageId: frame.messageId } };
    return turn.stopped ? started : { ...started, status: 'streaming' };
  }
  // After Stop only the stored reply's id matters: the reload shows what was kept.
  if (turn.stopped) return frame.type === 'done' ? { ...state, turn: { ...turn, replyMessageId: frame.messageId } } : state;
  switch (frame.type) {
    case 'text-delta':
      return { ...state, status: 'streaming', turn: { ...turn, reply: turn.reply + frame.data.text } };
    case 'tool-call': {
      const call: ToolCallView = { id: frame.data.id, name: frame.data.toolName, args: frame.data.args, status: 'pending', message: frame.data.message };
      return { ...state, status: 'streaming', toolCalls: [...state.toolCalls.filter((existing) => existing.id !== call.id), call] };
    }
    case 'tool-result': {
      const { id, toolName, status, message, result, undo, proposal } = frame.data;
      const finished: ToolCallView = { id, name: toolName, args: {}, status, message, result, ...(undo ? { undo } : {}), ...(proposal ? { proposal } : {}) };
      const known = state.toolCalls.some((call) => call.id === id);
      const toolCalls = known
        ? state.toolCalls.map((call) => (call.id === id ? { ...finished, args: call.args } : call))
        : [...state.toolCalls, finished];
      return { ...state, toolCalls };
    }
    case 'error': {
      const message = frame.data.message || STREAM_ERROR_DEFAULT;
      // 'busy' answering an automatic resend most likely means the first send did arrive and its reply, stopped
      // when the chat gave up on it, is still letting go of the conversation: the resends go on.
      const stream = isStreamError(message) || (frame.data.error === 'busy' && state.retryAttempt > 0);
      return { ...state, status: 'error', toolCalls: failPending(state.toolCalls), error: { message, stream } };
    }
    case 'done':
      return { ...state, status: 'ready', error: null, retryAttempt: 0, finishedReply: turn.reply, turn: { ...turn, replyMessageId: frame.messageId } };
  }
}

export function chatReducer(state: ChatSessionState, action: ChatAction): ChatSessionState {
  switch (action.type) {
    case 'open':
      return initialChatState(action.conversationId);
    case 'submit':
      return {
        ...state,
        status: 'submitted',
        turn: { requestId: action.requestId, userText: action.text, reply: '', stopped: false, resuming: false },
        toolCalls: [],
        // An automatic resend keeps the Stream Error box (with its attempt count) until a reply arrives.
        error: action.retryAttempt > 0 ? state.error : null,
        lastMessage: action.text,
        retryAttempt: action.retryAttempt,
      };
    case 'frame':
      return state.turn?.requestId === action.requestId ? applyFrame(state, state.turn, action.frame) : state;
    case 'stop':
      return {
        ...state,
        status: 'ready',
        toolCalls: [],
        error: null,
        retryAttempt: 0,
        turn: state.turn && { ...state.turn, stopped: true, resuming: false },
      };
    case 'fail':
      return { ...state, status: 'error', toolCalls: failPending(state.toolCalls), error: action.error };
    case 'connection-lost': {
      if (!isBusy(state.status) || !state.turn) return state;
      // Before the start frame nothing says the server has the message: send it again. After it, the
      // reply is being stored anyway: wait for it.
      if (!state.turn.userMessageId) return chatReducer(state, { type: 'fail', error: { message: CONNECTION_LOST, stream: true } });
      return { ...state, turn: { ...state.turn, resuming: true } };
    }
    case 'resumed':
      return { ...state, status: 'ready', error: null, retryAttempt: 0, toolCalls: [], turn: null };
    case 'clear-pills':
      return { ...state, toolCalls: [] };
    case 'settled':
      return { ...state, turn: null };
  }
}
