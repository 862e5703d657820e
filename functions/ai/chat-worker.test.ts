import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '../../shared/schemas/chat.js';

process.env.TABLE_NAME = 'table';
process.env.WEBSOCKET_ENDPOINT = 'http://localhost:1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
const { datesAhead, failedReplyFrame, historyFrom, STORED_TOOL_DATA_BYTES, storedToolCalls, systemPrompt } = await import('./chat-worker.js');
const { MAX_TOOL_CALLS } = await import('../../shared/schemas/chat.js');
const { CURRENT_CONTEXT_TOOL } = await import('./model-input.js');
const { ForbiddenError, NotFoundError, TooManyRequestsError } = await import('../lib/errors.js');
const { ToolError } = await import('./tool-context.js');
const { ProviderError } = await import('./providers/types.js');
const { SERVER_BUSY } = await import('../realtime/websocket-errors.js');
const { ProvisionedThroughputExceededException } = await import('@aws-sdk/client-dynamodb');

const message = (index: number): ChatMessageView => ({
  id: `m${index}`,
  role: index % 2 === 0 ? 'user' : 'assistant',
  content: `message ${index}`,
  toolCalls: [],
  createdAt: `2026-11-24T10:${String(index).padStart(2, '0')}:00.000Z`,
});

describe('historyFrom', () => {
  it('keeps the latest messages, starting at one of the user’s when the window begins at a reply', () => {
    // 21 messages, user first: the latest 20 begin with a reply, which the model must not see first.
    const history = historyFrom(Array.from({ length: 21 }, (_, index) => message(index)));
    expect(history[0]).toEqual({ role: 'user', text: 'message 2' });
    expect(history).toHaveLength(19);
    expect(history.at(-1)).toEqual({ role: 'user', text: 'message 20' });
  });

  it('gives a reply that used tools back as its tool uses, their results (and a later undo), then its text', () => {
    const reply: ChatMessageView = {
      ...message(1),
      content: 'Done: Book the venue.',
      toolCalls: [
        { id: 'c1', name: 'create_task', args: { title: 'Book the venue' }, status: 'success', message: 'Created', result: { id: 't1', title: 'Book the venue' }, undo: { token: 'x', label: 'Created', undone: 'Removed "Book the venue"' } },
        { id: 'c2', name: 'update_task', args: { task: 'Nope' }, status: 'error', message: 'No task called "Nope".' },
      ],
    };
    expect(historyFrom([message(0), reply, message(2)])).toEqual([
      { role: 'user', text: 'message 0' },
      {
        role: 'assistant',
        text: '',
        toolUses: [
          { id: 'c1', name: 'create_task', args: { title: 'Book the venue' } },
          { id: 'c2', name: 'update_task', args: { task: 'Nope' } },
        ],
      },
      {
        role: 'tool',
        results: [
          { id: 'c1', name: 'create_task', content: { result: { id: 't1', title: 'Book the venue' }, laterUndone: 'Removed "Book the venue"' }, isError: false },
          { id: 'c2', name: 'update_task', content: { error: 'No task called "Nope".' }, isError: true },
        ],
      },
      { role: 'assistant', text: 'Done: Book the venue.', toolUses: [] },
      { role: 'user', text: 'message 2' },
    ]);
  });

  it('cuts a long tool result to its start, so one big answer does not push the conversation out', () => {
    const plan: ChatMessageView = {
      ...message(1),
      content: 'Your week.',
      toolCalls: [{ id: 'c1', name: 'preview_weekly_plan', args: {}, status: 'success', message: 'Plan', result: { days: 'x'.repeat(30_000) } }],
    };
    const history = historyFrom([message(0), plan, message(2)]);
    expect(history[0]).toEqual({ role: 'user', text: 'message 0' });
    const tool = history.find((entry) => entry.role === 'tool');
    expect(JSON.stringify(tool).length).toBeLessThan(2_500);
    expect(tool).toMatchObject({ results: [{ content: { result: { cut: true } } }] });
  });

  it('keeps a short conversation whole', () => {
    expect(historyFrom([message(0), message(1), message(2)]).map((entry) => entry.role)).toEqual(['user', 'assistant', 'user']);
  });
});

describe('datesAhead', () => {
  it('names today and the next two weeks with their weekdays, across a month end', () => {
    const text = datesAhead('2026-11-24');
    expect(text.startsWith('Today is Tuesday, 2026-11-24. The coming days: Wednesday 2026-11-25, Thursday 2026-11-26,')).toBe(true);
    expect(text).toContain('Monday 2026-11-30, Tuesday 2026-12-01');
    expect(text.endsWith('Tuesday 2026-12-08.')).toBe(true);
  });
});

describe('systemPrompt', () => {
  it('holds no text anyone in the team wrote: where the user is comes as the result of current_context', () => {
    const prompt = systemPrompt('2026-11-23', true);
    expect(prompt).toContain(`Where the user is comes as the result of ${CURRENT_CONTEXT_TOOL}: they are looking at a project`);
    expect(prompt).not.toMatch(/workspace "|project "/);
    expect(systemPrompt('2026-11-23', false)).not.toContain('looking at a project');
  });
});

describe('storedToolCalls', () => {
  it("cuts long arguments and results but keeps every Undo, so a reply of the most tool calls fits in one item", () => {
    const big = { tasks: Array.from({ length: 2_000 }, (_, index) => ({ id: `t${index}`, title: `Tâche numéro ${index} 日本` })) };
    const undo = { token: 'undo-1', label: 'Undo create "Launch"' };
    const calls = Array.from({ length: MAX_TOOL_CALLS }, (_, index) => ({
      id: `c${index}`,
      name: 'list_tasks',
      args: { note: 'x'.repeat(20_000) },
      status: 'success' as const,
      message: '2000 tasks',
      result: big,
      undo,
    }));
    const stored = storedToolCalls(calls);
    /** The UTF-8 bytes of a cut value's start, as DynamoDB counts a string. */
    const startBytes = (value: unknown) => Buffer.byteLength((value as { start: string }).start);
    for (const call of stored) {
      expect(call.undo).toEqual(undo);
      expect(call.result).toMatchObject({ cut: true, start: expect.stringMatching(/^\{"tasks":\[\{"id":"t0"/) });
      expect(call.args).toMatchObject({ cut: true });
      // At most the limit (a character cut in two becomes one replacement character).
      expect(startBytes(call.result)).toBeLessThanOrEqual(STORED_TOOL_DATA_BYTES + 2);
      expect(startBytes(call.args)).toBeLessThanOrEqual(STORED_TOOL_DATA_BYTES + 2);
    }
    // The most tool calls of one reply leave room under 400 KB for the reply's own text (4,096 tokens at most).
    expect(stored.reduce((sum, call) => sum + startBytes(call.result) + startBytes(call.args), 0)).toBeLessThan(320_000);
    // Small ones are kept as they are.
    expect(storedToolCalls([{ id: 'c', name: 'get_task', args: { task: 'Launch' }, status: 'success', message: 'found', result: { id: 't1' } }])).toEqual([
      { id: 'c', name: 'get_task', args: { task: 'Launch' }, status: 'success', message: 'found', result: { id: 't1' } },
    ]);
  });
});

describe('failedReplyFrame', () => {
  it('gives a domain refusal its own code and words, also when a tool met it (runTool hands it on as a ToolError)', () => {
    expect(failedReplyFrame(new NotFoundError('Workspace not found'))).toEqual({ type: 'error', data: { error: 'not_found', message: 'Workspace not found' } });
    const refused = new ForbiddenError('Two-step verification is required');
    expect(failedReplyFrame(new ToolError(refused.message, { cause: refused }))).toEqual({ type: 'error', data: { error: 'forbidden', message: 'Two-step verification is required' } });
    expect(failedReplyFrame(new TooManyRequestsError('Too many messages', 30))).toEqual({ type: 'error', data: { error: 'rate_limited', message: 'Too many messages', retryAfterSeconds: 30 } });
  });

  it("reads a tool's own refusal as a bad request, the model's failure as the provider's", () => {
    expect(failedReplyFrame(new ToolError('Which project?'))).toEqual({ type: 'error', data: { error: 'invalid_request', message: 'Which project?' } });
    expect(failedReplyFrame(new ProviderError('Bedrock stream error: throttled'))).toEqual({ type: 'error', data: { error: 'provider', message: 'Bedrock stream error: throttled' } });
  });

  it('says the service is busy when AWS throttles, and anything else without internals', () => {
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });
    expect(failedReplyFrame(throttled)).toEqual({ type: 'error', data: { error: 'unavailable', message: SERVER_BUSY, retryAfterSeconds: 2 } });
    expect(failedReplyFrame(new Error('socket hang up at 10.0.3.7'))).toEqual({ type: 'error', data: { error: 'internal', message: 'An error occurred' } });
  });
});
