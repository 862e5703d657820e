import { describe, expect, it } from 'vitest';
import { REPLY_UNDER_WAY, type ChatFrame } from '@shared/schemas/chat';
import { chatReducer, CONNECTION_LOST, initialChatState, isStreamError, REQUEST_FAILED, type ChatAction, type ChatSessionState } from './chat-session';

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
