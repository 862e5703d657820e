import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiCompatibleProvider } from './openai.js';
import { ProviderError, type ProviderRequest } from './types.js';
import { collectEvents } from './collect-events.js';
import { UNTRUSTED_DATA_NOTE } from '../model-input.js';

/** A fake OpenAI-compatible server: streams the chunks it is given as server-sent events, records requests. */
let chunks: unknown[] = [];
let status = 200;
const received: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (part: Buffer) => (body += part.toString('utf8')));
  request.on('end', () => {
    received.push({ body: JSON.parse(body) as Record<string, unknown>, authorization: request.headers.authorization });
    if (status !== 200) {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{"error":"nope"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of chunks) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    response.end('data: [DONE]\n\n');
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request: ProviderRequest = {
  system: 'You help.',
  today: '2026-11-23',
  history: [
    { role: 'user', text: 'list my projects' },
    { role: 'assistant', text: '', toolUses: [{ id: 'c0', name: 'list_projects', args: {} }] },
    { role: 'tool', results: [{ id: 'c0', name: 'list_projects', content: [{ name: 'Apollo' }], isError: false }] },
  ],
  tools: [{ name: 'create_task', description: 'Create a task', inputSchema: { type: 'object' } }],
};

describe('the OpenAI-compatible provider', () => {
  it('streams text and assembles tool calls from their pieces, sending the conversation in the chat-completions shape', async () => {
    chunks = [
      { choices: [{ delta: { content: 'You have ' } }] },
      { choices: [{ delta: { content: 'Apollo.' } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, id: 'call-1', function: { name: 'create_task', arguments: '{"title":' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '"Write spec"}' } }] } }] },
      // Asked for with stream_options.include_usage: the last chunk, with no choices.
      { choices: [], usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 } },
    ];
    const events = await collectEvents(openAiCompatibleProvider({ baseUrl, model: 'local-model', apiKey: 'secret' }).respond(request));
    expect(events).toEqual([
      { type: 'text', text: 'You have ' },
      { type: 'text', text: 'Apollo.' },
      { type: 'usage', usage: { inputTokens: 900, outputTokens: 20 } },
      { type: 'tool-use', use: { id: 'call-1', name: 'create_task', args: { title: 'Write spec' } } },
    ]);
    const sent = received.at(-1);
    expect(sent?.authorization).toBe('Bearer secret');
    expect(sent?.body).toMatchObject({
      model: 'local-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You help.' },
        { role: 'user', content: 'list my projects' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c0', type: 'function', function: { name: 'list_projects', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c0', content: JSON.stringify({ note: UNTRUSTED_DATA_NOTE, data: [{ name: 'Apollo' }] }) },
      ],
      tools: [{ type: 'function', function: { name: 'create_task', parameters: { type: 'object' } } }],
    });
  });

  it('reports a refusing or unreachable server as a ProviderError', async () => {
    status = 500;
    await expect(collectEvents(openAiCompatibleProvider({ baseUrl, model: 'm' }).respond(request))).rejects.toBeInstanceOf(ProviderError);
    status = 200;
    await expect(collectEvents(openAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }).respond(request))).rejects.toThrow('Connection to the model server failed');
  });
});
