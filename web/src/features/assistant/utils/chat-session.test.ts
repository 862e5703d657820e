import { describe, expect, it } from 'vitest';
import { REPLY_UNDER_WAY, type ChatFrame } from '@shared/schemas/chat';
import {
  chatReducer,
  chatTimers,
  CONNECTION_LOST,
  CONNECTION_NOT_OPEN,
  initialChatState,
  isStreamError,
  MAX_AUTO_RETRIES,
  NO_WORKSPACE_SELECTED,
  REPLY_DID_NOT_ARRIVE,
  REPLY_SILENCE_MS,
  REQUEST_FAILED,
  RESUME_GIVE_UP_MS,
  RETRY_DELAY_MS,
  START_TIMEOUT_MS,
  TOOL_PILLS_CLEAR_MS,
  type ChatAction,
  type ChatSessionState,
} from './chat-session';

const run = (actions: ChatAction[], from: ChatSessionState = initialChatState()) => actions.reduce(chatReducer, from);
const frame = (value: ChatFrame, requestId = 'r1'): ChatAction => ({ type: 'frame', requestId, frame: value });
const send: ChatAction = { type: 'submit', requestId: 'r1', text: 'add task Ship', retryAttempt: 0 };
const start = frame({ type: 'start', conversationId: 'c1', messageId: 'm-user' });
const toolCall = frame({ type: 'tool-call', data: { id: 't1', toolName: 'create_task', args: { title: 'Ship' }, message: 'Creating "Ship"' } });

describe('chatReducer', () => {
  it('goes submitted → streaming → ready, adopting the conversation id of the first frame', () => {
    expect(run([send]).status).toBe('submitted');
    const streaming = run([send, start, frame({ type: 'text-delta', data: { text: 'Do' } }), frame({ type: 'text-delta', data: { text: 'ne' } })]);
    expect(streaming).toMatchObject({ status: 'streaming', conversationId: 'c1', turn: { reply: 'Done', userMessageId: 'm-user' } });
    const done = chatReducer(streaming, frame({ type: 'done', messageId: 'm-reply' }));
    expect(done).toMatchObject({ status: 'ready', finishedReply: 'Done', turn: { replyMessageId: 'm-reply' } });
  });

  it('turns a tool call from pending into its result, keeping its arguments and undo', () => {
    const result = frame({
      type: 'tool-result',
      data: { id: 't1', toolName: 'create_task', status: 'success', message: 'Created "Ship"', undo: { token: 'u', label: 'x' } },
    });
    expect(run([send, start, toolCall]).toolCalls).toEqual([expect.objectContaining({ id: 't1', status: 'pending' })]);
    expect(run([send, start, toolCall, result]).toolCalls).toEqual([
      { id: 't1', name: 'create_task', args: { title: 'Ship' }, status: 'success', message: 'Created "Ship"', result: undefined, undo: { token: 'u', label: 'x' } },
    ]);
  });

  it('keeps a proposed write with the token that applies it', () => {
    const proposed = frame({
      type: 'tool-result',
      data: { id: 't1', toolName: 'create_task', status: 'proposed', message: 'Proposed: create task (title "Ship")', proposal: { token: 'p' } },
    });
    expect(run([send, start, toolCall, proposed]).toolCalls).toEqual([
      { id: 't1', name: 'create_task', args: { title: 'Ship' }, status: 'proposed', message: 'Proposed: create task (title "Ship")', result: undefined, proposal: { token: 'p' } },
    ]);
  });

  it('ignores frames of another request', () => {
    const before = run([send, start]);
    expect(chatReducer(before, frame({ type: 'text-delta', data: { text: 'stale' } }, 'old'))).toBe(before);
  });

  it('marks every pending tool as failed when the request fails', () => {
    const failed = run([send, start, toolCall, frame({ type: 'error', data: { error: 'provider', message: 'Bedrock stream error: throttled' } })]);
    expect(failed).toMatchObject({ status: 'error', error: { stream: true } });
    expect(failed.toolCalls[0]).toMatchObject({ status: 'error', message: REQUEST_FAILED });
  });

  it('keeps the Stream Error and its attempt count through an automatic resend, and clears both on success', () => {
    const failed = run([send, { type: 'fail', error: { message: CONNECTION_LOST, stream: true } }]);
    const resent = chatReducer(failed, { type: 'submit', requestId: 'r2', text: 'add task Ship', retryAttempt: 1 });
    expect(resent).toMatchObject({ status: 'submitted', retryAttempt: 1, error: { message: CONNECTION_LOST } });
    const done = run([frame({ type: 'start', conversationId: 'c1', messageId: 'm' }, 'r2'), frame({ type: 'done', messageId: 'm2' }, 'r2')], resent);
    expect(done).toMatchObject({ status: 'ready', retryAttempt: 0, error: null });
  });

  it('a conversation busy with another reply is an error to read; busy again on an automatic resend, the resends go on', () => {
    const busy = (requestId: string) => frame({ type: 'error', data: { error: 'busy', message: REPLY_UNDER_WAY } }, requestId);
    expect(run([send, busy('r1')])).toMatchObject({ status: 'error', error: { message: REPLY_UNDER_WAY, stream: false } });
    const failed = run([send, { type: 'fail', error: { message: CONNECTION_LOST, stream: true } }]);
    const resent = chatReducer(failed, { type: 'submit', requestId: 'r2', text: 'add task Ship', retryAttempt: 1 });
    expect(chatReducer(resent, busy('r2'))).toMatchObject({ status: 'error', retryAttempt: 1, error: { message: REPLY_UNDER_WAY, stream: true } });
  });

  it('a new message clears the last error and the pills', () => {
    const failed = run([send, start, toolCall, { type: 'fail', error: { message: 'Nope', stream: false } }]);
    expect(chatReducer(failed, { type: 'submit', requestId: 'r2', text: 'again', retryAttempt: 0 })).toMatchObject({ error: null, toolCalls: [] });
  });

  it('Stop returns to ready at once, ignores later text, and still learns the stored reply', () => {
    const stopped = run([send, start, frame({ type: 'text-delta', data: { text: 'Part' } }), toolCall, { type: 'stop' }]);
    expect(stopped).toMatchObject({ status: 'ready', toolCalls: [], turn: { stopped: true, reply: 'Part' } });
    const later = run([frame({ type: 'text-delta', data: { text: ' more' } }), frame({ type: 'done', messageId: 'm-reply' })], stopped);
    expect(later.turn).toMatchObject({ reply: 'Part', replyMessageId: 'm-reply' });
    expect(later.status).toBe('ready');
  });

  it('adopts a new conversation even when Stop came before the first frame', () => {
    expect(run([send, { type: 'stop' }, start])).toMatchObject({ status: 'ready', conversationId: 'c1' });
  });

  it('a dropped connection before the first frame is a connection error; after it, a wait for the stored reply', () => {
    expect(run([send, { type: 'connection-lost' }])).toMatchObject({ status: 'error', error: { message: CONNECTION_LOST, stream: true } });
    const waiting = run([send, start, { type: 'connection-lost' }]);
    expect(waiting).toMatchObject({ status: 'streaming', turn: { resuming: true } });
    expect(chatReducer(waiting, { type: 'resumed' })).toMatchObject({ status: 'ready', turn: null });
    expect(chatReducer(initialChatState(), { type: 'connection-lost' })).toEqual(initialChatState());
  });

  it('opening a conversation starts from a clean state', () => {
    expect(run([send, start, { type: 'open', conversationId: 'c9' }])).toEqual(initialChatState('c9'));
  });
});

describe('isStreamError', () => {
  it.each([
    ['Bedrock stream error: throttled', true],
    ['Connection to the model server failed: ECONNREFUSED', true],
    ['Too many messages; try again in 30 s', false],
    ['An error occurred', false],
  ])('%s → %s', (message, expected) => {
    expect(isStreamError(message)).toBe(expected);
  });
});

describe('chatReducer: what the chat asks of the outside', () => {
  const inWorkspace = initialChatState(null, { workspaceId: 'w1', projectId: 'p1' });
  const fresh = (requestId: string) => ({ requestId, timeZone: 'Europe/Paris' });
  const sendText = (text: string, requestId = 'r1'): ChatAction => ({ type: 'send', text, workspaceId: 'w1', projectId: 'p1', ...fresh(requestId) });
  const sent = run([sendText('add task Ship')], inWorkspace);
  const commands = (state: ChatSessionState) => state.outbox.map(({ seq: _seq, ...command }) => command);
  const firstCommand = (state: ChatSessionState) => {
    const [command] = state.outbox;
    if (!command) throw new Error('nothing queued');
    return command;
  };
  const delivered = (state: ChatSessionState) => chatReducer(state, { type: 'delivered', upTo: state.commandSeq });

  it('sends a message on the socket with its workspace, project, zone and conversation, and follows its request', () => {
    expect(sent).toMatchObject({ status: 'submitted', request: { id: 'r1', conversationId: null }, turn: { requestId: 'r1', userText: 'add task Ship' } });
    expect(commands(sent)).toEqual([
      {
        type: 'send',
        refused: 'wait',
        message: { action: 'chat', requestId: 'r1', workspaceId: 'w1', message: 'add task Ship', timeZone: 'Europe/Paris', projectId: 'p1' },
      },
    ]);
    const inConversation = run([start, frame({ type: 'done', messageId: 'm2' })], delivered(sent));
    const next = run([sendText('and another', 'r2')], delivered(inConversation));
    expect(commands(next)[0]).toMatchObject({ message: { conversationId: 'c1', requestId: 'r2' } });
  });

  it('without a workspace a message fails with the spec text and nothing is sent', () => {
    const refused = chatReducer(initialChatState(), { type: 'send', text: 'hi', workspaceId: undefined, projectId: undefined, ...fresh('r1') });
    expect(refused).toMatchObject({ status: 'error', error: { message: NO_WORKSPACE_SELECTED, stream: false }, outbox: [] });
  });

  it('numbers commands once and takes out only those carried out', () => {
    const twice = run([sendText('one', 'r1'), { type: 'stop' }], inWorkspace);
    expect(twice.outbox.map((command) => command.seq)).toEqual([1, 2]);
    expect(chatReducer(twice, { type: 'delivered', upTo: 1 }).outbox.map((command) => command.seq)).toEqual([2]);
    expect(run([{ type: 'delivered', upTo: 2 }, sendText('two', 'r2')], twice).outbox.map((command) => command.seq)).toEqual([3]);
  });

  it('a message the socket refused waits for it to open, then goes out; refused again, it fails', () => {
    const chat = firstCommand(sent);
    const waiting = run([{ type: 'refused', command: chat }, { type: 'delivered', upTo: 1 }], sent);
    expect(waiting.unsent).toMatchObject({ requestId: 'r1' });
    // The socket still connecting or closed is no dropped connection: the message is waiting.
    expect(chatReducer(waiting, { type: 'socket', status: 'closed' })).toBe(waiting);
    const opened = chatReducer(waiting, { type: 'socket', status: 'open' });
    expect(opened.unsent).toBeNull();
    expect(commands(opened)).toEqual([{ type: 'send', refused: 'fail', message: chat.type === 'send' ? chat.message : null }]);
    expect(chatReducer(opened, { type: 'refused', command: firstCommand(opened) })).toMatchObject({ status: 'error', error: { message: CONNECTION_NOT_OPEN, stream: true } });
  });

  it('a socket that drops while the message is still to be handed over lets it wait instead of failing it', () => {
    expect(chatReducer(sent, { type: 'socket', status: 'closed' })).toBe(sent);
    expect(chatReducer(delivered(sent), { type: 'socket', status: 'closed' })).toMatchObject({ status: 'error', error: { message: CONNECTION_LOST } });
  });

  it('a message given up on before the socket opened is not sent on open', () => {
    const waiting = run([{ type: 'refused', command: firstCommand(sent) }, { type: 'delivered', upTo: 1 }, { type: 'open', conversationId: null }], sent);
    const opened = chatReducer(waiting, { type: 'socket', status: 'open' });
    expect(opened.unsent).toBeNull();
    expect(commands(opened).filter((command) => command.type === 'send' && command.message.action === 'chat')).toEqual([]);
  });

  it("reloads the history when a reply starts a new conversation, and the conversation and history when it is done", () => {
    const started = chatReducer(delivered(sent), start);
    expect(started.request).toEqual({ id: 'r1', conversationId: 'c1' });
    expect(commands(started)).toEqual([{ type: 'reload', workspaceId: 'w1', conversationId: null }]);
    const done = chatReducer(delivered(started), frame({ type: 'done', messageId: 'm-reply' }));
    expect(commands(done)).toEqual([
      { type: 'reload', workspaceId: 'w1', conversationId: 'c1' },
      { type: 'reload', workspaceId: 'w1', conversationId: null },
    ]);
    // Frames of a request no longer followed change nothing.
    const carriedOut = delivered(done);
    expect(chatReducer(carriedOut, frame({ type: 'done', messageId: 'x' }, 'other'))).toBe(carriedOut);
  });

  it('Stop stops the request on the server too, naming its conversation', () => {
    const stopped = run([start, { type: 'stop' }], delivered(sent));
    expect(commands(stopped).at(-1)).toEqual({ type: 'send', refused: 'ignore', message: { action: 'chat.stop', requestId: 'r1', workspaceId: 'w1', conversationId: 'c1' } });
    expect(stopped).toMatchObject({ status: 'ready', unsent: null, turn: { stopped: true } });
  });

  it('opening another conversation stops a reply under way and forgets its request', () => {
    const opened = run([start, { type: 'open', conversationId: 'c9' }], delivered(sent));
    expect(opened).toMatchObject({ status: 'ready', conversationId: 'c9', turn: null, request: null, workspaceId: 'w1' });
    expect(commands(opened).at(-1)).toMatchObject({ type: 'send', message: { action: 'chat.stop', requestId: 'r1' } });
    // Not busy: nothing to stop.
    expect(commands(chatReducer(inWorkspace, { type: 'open', conversationId: 'c9' }))).toEqual([]);
  });

  it('the open conversation deleted elsewhere starts a new one; another one deleted changes nothing', () => {
    const open = chatReducer(inWorkspace, { type: 'open', conversationId: 'c1' });
    expect(chatReducer(open, { type: 'conversations-changed', changes: [{ id: 'c2', deleted: true }, { id: 'c1' }] })).toBe(open);
    expect(chatReducer(open, { type: 'conversations-changed', changes: [{ id: 'c1', deleted: true }] }).conversationId).toBeNull();
  });

  it('another workspace starts a new conversation; the first workspace becoming known does not', () => {
    const unknown = run([{ type: 'send', text: 'hi', workspaceId: 'w1', projectId: undefined, ...fresh('r1') }], initialChatState());
    const known = chatReducer(unknown, { type: 'context', workspaceId: 'w1', projectId: undefined });
    expect(known).toMatchObject({ status: 'submitted', workspaceId: 'w1', turn: { requestId: 'r1' } });
    const other = run([start, { type: 'context', workspaceId: 'w2', projectId: undefined }], known);
    expect(other).toMatchObject({ status: 'ready', conversationId: null, turn: null, workspaceId: 'w2', shownWorkspaceId: 'w2' });
    // The workspace going away for a while is no switch.
    const back = run([{ type: 'context', workspaceId: undefined, projectId: undefined }, { type: 'context', workspaceId: 'w2', projectId: undefined }], other);
    expect(back.workspaceId).toBe('w2');
    expect(chatReducer(back, { type: 'context', workspaceId: 'w2', projectId: undefined })).toBe(back);
  });

  it('the loaded conversation settles the exchange once it holds the reply, and ends a resumed wait', () => {
    const done = run([start, frame({ type: 'done', messageId: 'm-reply' })], delivered(sent));
    const stored = (ids: string[]) => ids.map((id, index) => ({ id, role: index % 2 ? ('assistant' as const) : ('user' as const), content: '', toolCalls: [], createdAt: '' }));
    expect(chatReducer(done, { type: 'stored', messages: stored(['m-user']) })).toBe(done);
    expect(chatReducer(done, { type: 'stored', messages: stored(['m-user', 'm-reply']) }).turn).toBeNull();
    const resuming = run([start, { type: 'connection-lost' }], delivered(sent));
    expect(chatReducer(resuming, { type: 'stored', messages: stored(['m-user', 'm-other']) })).toMatchObject({ status: 'ready', turn: null });
  });
});

describe('chatTimers and their timeouts', () => {
  const inWorkspace = initialChatState(null, { workspaceId: 'w1' });
  const sendText: ChatAction = { type: 'send', text: 'add task Ship', workspaceId: 'w1', projectId: undefined, requestId: 'r1', timeZone: 'UTC' };
  const sent = run([sendText, { type: 'delivered', upTo: 1 }], inWorkspace);
  const kinds = (state: ChatSessionState) => chatTimers(state).map((timer) => timer.kind);
  const expire = (state: ChatSessionState, kind: string, requestId = 'r-next') =>
    chatReducer(state, { type: 'timeout', key: chatTimers(state).find((timer) => timer.kind === kind)?.key ?? 'none', requestId, timeZone: 'UTC' });

  it('waits 15 s for the first frame, then stops the request and counts the connection as lost', () => {
    expect(chatTimers(sent)).toEqual([{ kind: 'start', key: 'start:r1', ms: START_TIMEOUT_MS }]);
    const given = expire(sent, 'start');
    expect(given).toMatchObject({ status: 'error', error: { message: CONNECTION_LOST, stream: true }, unsent: null });
    expect(given.outbox.at(-1)).toMatchObject({ message: { action: 'chat.stop', requestId: 'r1', workspaceId: 'w1' } });
  });

  it('resends a stream failure after 2 s × the attempt, three times, as the same message', () => {
    let state = expire(sent, 'start');
    for (const attempt of [1, 2, 3]) {
      expect(chatTimers(state)).toEqual([expect.objectContaining({ kind: 'retry', ms: RETRY_DELAY_MS * attempt })]);
      state = expire(state, 'retry', `r${attempt + 1}`);
      expect(state).toMatchObject({ status: 'submitted', retryAttempt: attempt, request: { id: `r${attempt + 1}` } });
      expect(state.outbox.at(-1)).toMatchObject({ type: 'send', message: { action: 'chat', message: 'add task Ship', requestId: `r${attempt + 1}` } });
      state = expire(state, 'start');
    }
    expect(state).toMatchObject({ status: 'error', retryAttempt: MAX_AUTO_RETRIES });
    expect(kinds(state)).toEqual([]);
    // An error that is not the stream's is not resent.
    expect(kinds(run([{ type: 'fail', error: { message: 'Nope', stream: false } }], sent))).toEqual([]);
  });

  it('clears the pills 5 s after the reply', () => {
    const done = run([start, toolCall, frame({ type: 'done', messageId: 'm' })], sent);
    expect(chatTimers(done)).toEqual([{ kind: 'pills', key: 'pills:1', ms: TOOL_PILLS_CLEAR_MS }]);
    expect(expire(done, 'pills').toolCalls).toEqual([]);
  });

  it('restarts the silence wait on every frame; silent too long, the reply is waited for as a dropped one, then given up', () => {
    const streaming = chatReducer(sent, start);
    const [silence] = chatTimers(streaming);
    expect(silence).toMatchObject({ kind: 'silence', ms: REPLY_SILENCE_MS });
    const later = chatReducer(streaming, frame({ type: 'text-delta', data: { text: 'Do' } }));
    expect(chatTimers(later)[0]?.key).not.toBe(silence?.key);
    const resuming = expire(later, 'silence');
    expect(resuming.turn).toMatchObject({ resuming: true });
    expect(chatTimers(resuming)).toEqual([{ kind: 'resume', key: 'resume:r1', ms: RESUME_GIVE_UP_MS }]);
    const givenUp = expire(resuming, 'resume');
    expect(givenUp).toMatchObject({ status: 'error', error: { message: REPLY_DID_NOT_ARRIVE, stream: false } });
    expect(givenUp.outbox.at(-1)).toMatchObject({ message: { action: 'chat.stop', requestId: 'r1', conversationId: 'c1' } });
  });

  it('ignores a timeout whose timer the state no longer waits on', () => {
    const streaming = chatReducer(sent, start);
    expect(chatReducer(streaming, { type: 'timeout', key: 'start:r1', requestId: 'x', timeZone: 'UTC' })).toBe(streaming);
  });
});
