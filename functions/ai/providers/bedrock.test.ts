import { BedrockRuntimeClient, ConverseStreamCommand, ThrottlingException, type ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockMessages, bedrockProvider } from './bedrock.js';
import { ProviderError, type ProviderRequest } from './types.js';
import { collectEvents } from './collect-events.js';
import { UNTRUSTED_DATA_NOTE } from '../model-input.js';

const bedrock = mockClient(BedrockRuntimeClient);

async function* replay(events: ConverseStreamOutput[]): AsyncIterable<ConverseStreamOutput> {
  for (const event of events) yield event;
}

const request: ProviderRequest = {
  system: 'You help.',
  today: '2026-11-23',
  history: [{ role: 'user', text: 'add a task Write spec to Apollo' }],
  tools: [{ name: 'create_task', description: 'Create a task', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } }],
};

describe('the Bedrock provider (ConverseStream)', () => {
  afterEach(() => bedrock.reset());

  it('streams text deltas and assembles a tool use from its pieces', async () => {
    bedrock.on(ConverseStreamCommand).resolves({
      stream: replay([
        { messageStart: { role: 'assistant' } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'On it' } } },
        { contentBlockStop: { contentBlockIndex: 0 } },
        { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tool-1', name: 'create_task' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"title":"Write' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: ' spec","project":"Apollo"}' } } } },
        { contentBlockStop: { contentBlockIndex: 1 } },
        { messageStop: { stopReason: 'tool_use' } },
        { metadata: { usage: { inputTokens: 1200, outputTokens: 35, totalTokens: 1235 }, metrics: { latencyMs: 400 } } },
      ]),
    });
    const events = await collectEvents(bedrockProvider({ modelId: 'model-x', client: new BedrockRuntimeClient({}) }).respond(request));
    expect(events).toEqual([
      { type: 'text', text: 'On it' },
      // What the answer cost, for the budgets: Bedrock's metadata event at the end of the stream.
      { type: 'usage', usage: { inputTokens: 1200, outputTokens: 35 } },
      { type: 'tool-use', use: { id: 'tool-1', name: 'create_task', args: { title: 'Write spec', project: 'Apollo' } } },
    ]);
    const sent = bedrock.commandCalls(ConverseStreamCommand)[0]?.args[0].input;
    expect(sent).toMatchObject({
      modelId: 'model-x',
      system: [{ text: 'You help.' }],
      messages: [{ role: 'user', content: [{ text: 'add a task Write spec to Apollo' }] }],
      toolConfig: { tools: [{ toolSpec: { name: 'create_task', inputSchema: { json: { type: 'object' } } } }] },
    });
  });

  it('sends tool results back as user content and keeps roles alternating', () => {
    expect(
      bedrockMessages([
        { role: 'user', text: 'do it' },
        { role: 'assistant', text: '', toolUses: [{ id: 't1', name: 'list_projects', args: {} }] },
        { role: 'tool', results: [{ id: 't1', name: 'list_projects', content: [{ name: 'Apollo' }], isError: false }] },
        { role: 'user', text: 'and again' },
      ]),
    ).toEqual([
      { role: 'user', content: [{ text: 'do it' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'list_projects', input: {} } }] },
      {
        role: 'user',
        // Marked as data written by people, never instructions.
        content: [{ toolResult: { toolUseId: 't1', content: [{ json: { note: UNTRUSTED_DATA_NOTE, data: [{ name: 'Apollo' }] } }], status: 'success' } }, { text: 'and again' }],
      },
    ]);
  });

  it('starts the conversation at the user, as Bedrock requires', () => {
    expect(
      bedrockMessages([
        { role: 'assistant', text: 'An earlier answer.', toolUses: [] },
        { role: 'user', text: 'and now?' },
      ]),
    ).toEqual([{ role: 'user', content: [{ text: 'and now?' }] }]);
  });

  it('says when the answer reached its length limit, and does not hand on a tool use cut off with it', async () => {
    bedrock.on(ConverseStreamCommand).resolves({
      stream: replay([
        { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Here is the long list' } } },
        { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tool-1', name: 'create_task' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"title":"Wri' } } } },
        { contentBlockStop: { contentBlockIndex: 1 } },
        { messageStop: { stopReason: 'max_tokens' } },
      ]),
    });
    const events = await collectEvents(bedrockProvider({ modelId: 'm', client: new BedrockRuntimeClient({}) }).respond(request));
    expect(events).toEqual([
      { type: 'text', text: 'Here is the long list' },
      { type: 'text', text: '\n\n(The answer was cut short at its length limit; ask me to go on.)' },
    ]);
  });

  it('turns an error the stream throws part-way into a ProviderError', async () => {
    async function* failing(): AsyncIterable<ConverseStreamOutput> {
      yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Start' } } };
      throw new ThrottlingException({ message: 'Too many requests', $metadata: {} });
    }
    bedrock.on(ConverseStreamCommand).resolves({ stream: failing() });
    await expect(collectEvents(bedrockProvider({ modelId: 'm', client: new BedrockRuntimeClient({}) }).respond(request))).rejects.toThrow(
      new ProviderError('Bedrock stream error: Too many requests'),
    );
  });

  it('turns a refused request or a stream error into a ProviderError', async () => {
    const denied = Object.assign(new Error('User: arn:aws:sts::123456789012:assumed-role/chat-worker is not authorized'), { name: 'AccessDeniedException' });
    bedrock.on(ConverseStreamCommand).rejects(denied);
    const refusal = await collectEvents(bedrockProvider({ modelId: 'm', client: new BedrockRuntimeClient({}) }).respond(request)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderError);
    // The user reads what kind of refusal it was, never the account and role it names (those go to the logs).
    expect((refusal as ProviderError).message).toBe('Bedrock refused the request (AccessDeniedException)');
    expect((refusal as ProviderError).cause).toBe(denied);
    bedrock.reset();
    bedrock.on(ConverseStreamCommand).resolves({ stream: replay([{ throttlingException: new ThrottlingException({ message: 'Slow down', $metadata: {} }) }]) });
    await expect(collectEvents(bedrockProvider({ modelId: 'm', client: new BedrockRuntimeClient({}) }).respond(request))).rejects.toThrow('Slow down');
  });
});
