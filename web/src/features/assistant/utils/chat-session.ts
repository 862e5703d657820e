import type { ClientMessage } from '@shared/realtime';
import { STREAM_ERROR_DEFAULT, type ChatFrame, type ChatMessageView, type ToolCallView } from '@shared/schemas/chat';
import { replyArrived } from './visible-messages';

/**
 * The state of the chat (spec pages §4 AI states) as a reducer over what happens: the user sends, stops,
 * retries or opens a conversation, a frame of the reply arrives, the socket opens or drops, the stored
 * conversation loads, a timer runs out. What the chat must do outside (send on the socket, reload the
 * conversation) is queued in `outbox`, and the timers it waits on follow from the state (`chatTimers`);
 * the hook (use-chat.ts) carries both out, and feeds the socket, the props and the loaded messages in.
 */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error';

/** Automatic resends of a message whose stream or connection failed (spec pages §9). */
export const MAX_AUTO_RETRIES = 3;
export const RETRY_DELAY_MS = 2_000;
/** Tool pills leave the strip this long after a reply finishes. */
export const TOOL_PILLS_CLEAR_MS = 5_000;
/** How long a sent message may wait for the server's first frame before it counts as a connection failure. */
export const START_TIMEOUT_MS = 15_000;
/** While a dropped reply is being finished on the server, the conversation is reloaded this often. */
export const RESUME_POLL_MS = 2_000;
export const RESUME_GIVE_UP_MS = 120_000;
/**
 * A reply that sends nothing for this long is waited for as a dropped one (its worker died, or its frames
 * were lost): the stored conversation is read until the reply shows, or given up on.
 */
export const REPLY_SILENCE_MS = 90_000;

export const REQUEST_FAILED = 'Request failed';
export const NO_WORKSPACE_SELECTED = 'No workspace selected';
/** A message the socket would not take (spec pages §8's text for a send that failed). */
export const CONNECTION_NOT_OPEN = 'Failed to send message to AI';
export const CONNECTION_LOST = 'The connection dropped before the reply started';
export const REPLY_DID_NOT_ARRIVE = 'The reply did not arrive';

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
  /** Frames of the current reply so far: each one restarts the wait for the next (`REPLY_SILENCE_MS`). */
  readonly frames: number;
  /** The chat's workspace and project (the hook's props), and the last workspace it was shown in. */
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly shownWorkspaceId: string | undefined;
  /**
   * The request last sent and its conversation (known from its first frame, before React renders): its
   * frames are followed and it is the one Stop stops. Kept after the reply, until the next message or
   * another conversation.
   */
  readonly request: { readonly id: string; readonly conversationId: string | null } | null;
  /** A message the socket would not take: it goes out as soon as the socket opens. */
  readonly unsent: ChatRequest | null;
  /** What the hook is to do outside, in order, each numbered once; only `delivered` takes commands out. */
  readonly outbox: readonly ChatCommand[];
  /** The number of the last command queued. */
  readonly commandSeq: number;
}

/** A message to the assistant as the socket carries it. */
export type ChatRequest = Extract<ClientMessage, { action: 'chat' }>;

/**
 * `send`: a message for the socket, and what a refusal means (`wait` for the socket to open, `fail` the
 * message, or `ignore`). `reload`: the conversation list, or one conversation, changed on the server.
 */
export type ChatCommand = { readonly seq: number } & (
  | { readonly type: 'send'; readonly message: ClientMessage; readonly refused: 'wait' | 'fail' | 'ignore' }
  | { readonly type: 'reload'; readonly workspaceId: string; readonly conversationId: string | null }
);
type NewCommand = ChatCommand extends infer C ? (C extends ChatCommand ? Omit<C, 'seq'> : never) : never;

/** What a new request needs from outside the reducer: a fresh id and the browser's zone. */
export interface NewRequest {
  readonly requestId: string;
  readonly timeZone: string;
}

/** A timer the state waits on: armed while it is listed, once per key; `timeout` with its key is its expiry. */
export interface ChatTimer {
  readonly kind: 'start' | 'retry' | 'pills' | 'silence' | 'resume';
  readonly key: string;
  readonly ms: number;
}

export type ChatAction =
  // The outside: the props, the socket, the loaded conversation, a timer, the outbox carried out.
  | { type: 'context'; workspaceId: string | undefined; projectId: string | undefined }
  | { type: 'socket'; status: 'connecting' | 'open' | 'closed' }
  | { type: 'frame'; requestId: string; frame: ChatFrame }
  | { type: 'conversations-changed'; changes: readonly { id: string; deleted?: true }[] }
  | { type: 'stored'; messages: readonly ChatMessageView[] }
  | ({ type: 'timeout'; key: string } & NewRequest)
  | { type: 'refused'; command: ChatCommand }
  | { type: 'delivered'; upTo: number }
  // The user: a message (sent in the chat's workspace and project, or in those given), Retry Message, Stop, another conversation.
  | ({ type: 'send'; text: string; workspaceId: string | undefined; projectId: string | undefined } & NewRequest)
  | ({ type: 'retry'; workspaceId: string | undefined; projectId: string | undefined } & NewRequest)
  | { type: 'stop' }
  | { type: 'open'; conversationId: string | null }
  // The chat's own steps, which the ones above take.
  | { type: 'submit'; requestId: string; text: string; retryAttempt: number }
  | { type: 'fail'; error: ChatError }
  | { type: 'connection-lost' }
  | { type: 'resumed' }
  | { type: 'clear-pills' }
  | { type: 'settled' };

export const initialChatState = (
  conversationId: string | null = null,
  context: { workspaceId?: string; projectId?: string } = {},
): ChatSessionState => ({
  status: 'ready',
  conversationId,
  turn: null,
  toolCalls: [],
  error: null,
  lastMessage: null,
  retryAttempt: 0,
  finishedReply: '',
  frames: 0,
  workspaceId: context.workspaceId,
  projectId: context.projectId,
  shownWorkspaceId: context.workspaceId,
  request: null,
  unsent: null,
  outbox: [],
  commandSeq: 0,
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

/** The timers the state waits on (at most one besides the resume give-up). */
export function chatTimers(state: ChatSessionState): ChatTimer[] {
  const { status, turn, error, lastMessage, retryAttempt, toolCalls } = state;
  const timers: ChatTimer[] = [];
  // No first frame in time (the socket never opened, or the message was lost) counts as a lost connection.
  if (status === 'submitted' && turn) timers.push({ kind: 'start', key: `start:${turn.requestId}`, ms: START_TIMEOUT_MS });
  // Stream and connection failures are sent again, 2 s × the attempt, up to 3 times.
  if (status === 'error' && error?.stream && lastMessage && retryAttempt < MAX_AUTO_RETRIES) {
    timers.push({ kind: 'retry', key: `retry:${turn?.requestId ?? ''}:${retryAttempt}`, ms: RETRY_DELAY_MS * (retryAttempt + 1) });
  }
  // The pill strip empties a while after the reply.
  if (status === 'ready' && toolCalls.length > 0) timers.push({ kind: 'pills', key: `pills:${toolCalls.length}`, ms: TOOL_PILLS_CLEAR_MS });
  // A reply gone silent is waited for as a dropped one; every frame (text, a tool's start or result) restarts the wait.
  if (status === 'streaming' && turn && !turn.resuming) timers.push({ kind: 'silence', key: `silence:${turn.requestId}:${state.frames}`, ms: REPLY_SILENCE_MS });
  // A resumed reply that never arrives ends as an error rather than a spinner for ever.
  if (turn?.resuming) timers.push({ kind: 'resume', key: `resume:${turn.requestId}`, ms: RESUME_GIVE_UP_MS });
  return timers;
}

const queue = (state: ChatSessionState, ...commands: NewCommand[]): ChatSessionState => ({
  ...state,
  outbox: [...state.outbox, ...commands.map((command, index) => ({ ...command, seq: state.commandSeq + index + 1 }))],
  commandSeq: state.commandSeq + commands.length,
});

/**
 * A reply given up on is stopped on the server too, so its conversation takes the next message at once
 * (the server runs one reply per conversation).
 */
function abandonRequest(state: ChatSessionState): ChatSessionState {
  const { request, workspaceId } = state;
  if (!request || !workspaceId) return state;
  const stop: ClientMessage = { action: 'chat.stop', requestId: request.id, workspaceId, ...(request.conversationId ? { conversationId: request.conversationId } : {}) };
  return queue(state, { type: 'send', message: stop, refused: 'ignore' });
}

/** A message goes out (or waits for the socket); without a workspace it fails and nothing is sent. */
function send(state: ChatSessionState, text: string, retryAttempt: number, to: NewRequest & { workspaceId: string | undefined; projectId: string | undefined }) {
  if (!text) return state;
  if (!to.workspaceId) return chatReducer(state, { type: 'fail', error: { message: NO_WORKSPACE_SELECTED, stream: false } });
  const { requestId } = to;
  const conversationId = state.conversationId;
  const message: ChatRequest = {
    action: 'chat',
    requestId,
    workspaceId: to.workspaceId,
    message: text,
    timeZone: to.timeZone,
    ...(conversationId ? { conversationId } : {}),
    ...(to.projectId ? { projectId: to.projectId } : {}),
  };
  const submitted = chatReducer(state, { type: 'submit', requestId, text, retryAttempt });
  return queue({ ...submitted, request: { id: requestId, conversationId }, unsent: null }, { type: 'send', message, refused: 'wait' });
}

/** The request's own bookkeeping for one of its frames: its conversation, and the reloads the frame calls for. */
function followRequest(state: ChatSessionState, requestId: string, frame: ChatFrame): ChatSessionState {
  const { request, workspaceId } = state;
  if (request?.id !== requestId || !workspaceId) return state;
  if (frame.type === 'start') {
    // A new conversation joins the history.
    const joined = frame.conversationId !== request.conversationId;
    const next = { ...state, request: { ...request, conversationId: frame.conversationId } };
    return joined ? queue(next, { type: 'reload', workspaceId, conversationId: null }) : next;
  }
  // A finished reply is reloaded from the server.
  if (frame.type === 'done' && request.conversationId) {
    return queue(state, { type: 'reload', workspaceId, conversationId: request.conversationId }, { type: 'reload', workspaceId, conversationId: null });
  }
  return state;
}

/** The chat as it starts, in the same workspace, with what is still to be carried out or sent on open. */
const reset = (state: ChatSessionState, conversationId: string | null, request: ChatSessionState['request']): ChatSessionState => ({
  ...initialChatState(conversationId),
  workspaceId: state.workspaceId,
  projectId: state.projectId,
  shownWorkspaceId: state.shownWorkspaceId,
  request,
  unsent: state.unsent,
  outbox: state.outbox,
  commandSeq: state.commandSeq,
});

const isChatSend = (command: ChatCommand) => command.type === 'send' && command.message.action === 'chat';

export function chatReducer(state: ChatSessionState, action: ChatAction): ChatSessionState {
  switch (action.type) {
    case 'context': {
      const { workspaceId, projectId } = action;
      if (workspaceId === state.workspaceId && projectId === state.projectId) return state;
      const next = { ...state, workspaceId, projectId, shownWorkspaceId: workspaceId ?? state.shownWorkspaceId };
      // Another workspace starts a new conversation (the first one becoming known is not a change: a message
      // sent meanwhile stays).
      const switched = workspaceId !== undefined && state.shownWorkspaceId !== undefined && workspaceId !== state.shownWorkspaceId;
      return switched ? reset(next, null, next.request) : next;
    }
    case 'socket': {
      const { unsent } = state;
      if (action.status === 'open') {
        // The waiting message goes out on open; one that waited past the start timeout was given up.
        if (!unsent) return state;
        const next = { ...state, unsent: null };
        return unsent.requestId === state.request?.id ? queue(next, { type: 'send', message: unsent, refused: 'fail' }) : next;
      }
      // A dropped socket: before the reply started, a failure to resend; after, a wait for the stored reply.
      // A message not yet handed to the socket will wait for it instead.
      if (unsent || state.outbox.some(isChatSend)) return state;
      return chatReducer(state, { type: 'connection-lost' });
    }
    case 'frame': {
      const followed = followRequest(state, action.requestId, action.frame);
      if (followed.turn?.requestId !== action.requestId) return followed;
      return { ...applyFrame(followed, followed.turn, action.frame), frames: followed.frames + 1 };
    }
    case 'conversations-changed':
      // The open conversation deleted in another tab or on another device: the chat starts a new one.
      return action.changes.some((change) => change.deleted && change.id === state.conversationId)
        ? chatReducer(state, { type: 'open', conversationId: null })
        : state;
    case 'stored': {
      // The exchange in flight gives way to the stored copy once it is loaded; a resumed reply ends the wait.
      const { turn } = state;
      if (!turn) return state;
      if (turn.resuming && replyArrived(action.messages, turn)) return chatReducer(state, { type: 'resumed' });
      if (turn.replyMessageId && action.messages.some((message) => message.id === turn.replyMessageId)) return chatReducer(state, { type: 'settled' });
      return state;
    }
    case 'timeout': {
      const timer = chatTimers(state).find((candidate) => candidate.key === action.key);
      switch (timer?.kind) {
        case undefined:
          return state;
        case 'start':
          return chatReducer(abandonRequest({ ...state, unsent: null }), { type: 'connection-lost' });
        case 'retry':
          return send(state, state.lastMessage ?? '', state.retryAttempt + 1, { ...action, workspaceId: state.workspaceId, projectId: state.projectId });
        case 'pills':
          return chatReducer(state, { type: 'clear-pills' });
        case 'silence':
          return chatReducer(state, { type: 'connection-lost' });
        case 'resume':
          return chatReducer(abandonRequest(state), { type: 'fail', error: { message: REPLY_DID_NOT_ARRIVE, stream: false } });
      }
      return state;
    }
    case 'refused': {
      const { command } = action;
      if (command.type !== 'send' || command.refused === 'ignore') return state;
      if (command.refused === 'fail') return chatReducer(state, { type: 'fail', error: { message: CONNECTION_NOT_OPEN, stream: true } });
      return command.message.action === 'chat' ? { ...state, unsent: command.message } : state;
    }
    case 'delivered':
      return { ...state, outbox: state.outbox.filter((command) => command.seq > action.upTo) };
    case 'send':
      return send(state, action.text, 0, action);
    case 'retry':
      return state.lastMessage ? send(state, state.lastMessage, 0, action) : state;
    case 'open': {
      const stopped = isBusy(state.status) ? chatReducer(state, { type: 'stop' }) : state;
      return reset(stopped, action.conversationId, null);
    }
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
        frames: 0,
      };
    case 'stop':
      return {
        ...abandonRequest(state),
        status: 'ready',
        toolCalls: [],
        error: null,
        retryAttempt: 0,
        unsent: null,
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
