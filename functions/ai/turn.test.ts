import { describe, expect, it } from 'vitest';
import type { ChatFrame } from '../../shared/schemas/chat.js';

process.env.TABLE_NAME = 'table';
const { runTurn } = await import('./turn.js');
const { configuredProvider } = await import('./providers/select.js');
type AssistantProvider = import('./providers/types.js').AssistantProvider;

/** A model that asks for a tool nobody has, every round, after saying so. */
const insistent: AssistantProvider = {
  name: 'insistent',
  async *respond() {
    yield { type: 'text', text: 'Trying.' };
    yield { type: 'tool-use', use: { id: `use-${Math.random()}`, name: 'teleport', args: { to: 'Mars' } } };
  },
};

const context = { caller: { userId: 'u1', email: '' }, workspaceId: 'w1', today: '2026-11-23' };

/** Runs one turn of `provider` on the user's `text`, collecting the frames it sends. */
async function turnOf(provider: AssistantProvider, text: string, options: { stop: boolean; maxRounds?: number }) {
  const frames: ChatFrame[] = [];
  const result = await runTurn({
    provider,
    system: '',
    history: [{ role: 'user', text }],
    toolContext: context,
    emit: async (frame) => void frames.push(frame),
    shouldStop: async () => options.stop,
    ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
  });
  return { result, frames };
}

describe('runTurn', () => {
  it('reports a tool the model made up as a failed tool call and stops after the round limit', async () => {
    const { result, frames } = await turnOf(insistent, 'go', { stop: false, maxRounds: 2 });
    expect(frames.filter((frame) => frame.type === 'tool-result')).toEqual([
      { type: 'tool-result', data: expect.objectContaining({ toolName: 'teleport', status: 'error', message: 'There is no tool called teleport.' }) },
      { type: 'tool-result', data: expect.objectContaining({ toolName: 'teleport', status: 'error' }) },
    ]);
    expect(result.toolCalls.map((call) => call.status)).toEqual(['error', 'error']);
    expect(result.content).toContain('I stopped after 2 rounds of tools');
    expect(result.stopped).toBe(false);
  });

  it('ends early when the user pressed Stop', async () => {
    const { result, frames } = await turnOf(insistent, 'go', { stop: true });
    expect(result.stopped).toBe(true);
    expect(frames.filter((frame) => frame.type === 'tool-call')).toHaveLength(1);
  });

  it('stops a long answer part-way, keeping what was said', async () => {
    const { offlineProvider } = await import('./providers/offline.js');
    const { result, frames } = await turnOf(offlineProvider({ paceMs: 40 }), 'what can you do', { stop: true });
    expect(result.stopped).toBe(true);
    expect(result.content.length).toBeGreaterThan(0);
    expect(result.content).toBe(frames.map((frame) => (frame.type === 'text-delta' ? frame.data.text : '')).join(''));
    const { HELP_TEXT } = await import('./offline/replies.js');
    expect(result.content.length).toBeLessThan(HELP_TEXT.length);
  });
});

describe('configuredProvider', () => {
  it('is the offline assistant unless a model endpoint or Bedrock model is configured', async () => {
    expect((await configuredProvider({})).name).toBe('offline');
    expect((await configuredProvider({ BEDROCK_MODEL_ID: 'anthropic.claude' })).name).toBe('bedrock');
    expect((await configuredProvider({ BEDROCK_MODEL_ID: 'x', OPENAI_BASE_URL: 'http://localhost:11434/v1' })).name).toBe('openai-compatible');
  });
});
