import { ProviderError, type AssistantProvider, type ProviderEvent, type ProviderRequest, type TurnMessage } from './types.js';
import { asUntrustedData, withContext } from '../model-input.js';

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, a local model server such as Ollama or
 * llama.cpp's server) with streaming and tool calls: server-sent events whose deltas carry text and tool
 * calls in pieces, assembled by index and emitted when the stream ends.
 */
interface OpenAiMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export function openAiMessages(system: string, history: readonly TurnMessage[]): OpenAiMessage[] {
  const messages: OpenAiMessage[] = [{ role: 'system', content: system }];
  for (const message of history) {
    if (message.role === 'user') messages.push({ role: 'user', content: message.text });
    else if (message.role === 'assistant') {
      if (!message.text && message.toolUses.length === 0) continue;
      messages.push({
        role: 'assistant',
        content: message.text || null,
        ...(message.toolUses.length > 0
          ? { tool_calls: message.toolUses.map((use) => ({ id: use.id, type: 'function' as const, function: { name: use.name, arguments: JSON.stringify(use.args) } })) }
          : {}),
      });
    } else {
      for (const result of message.results) messages.push({ role: 'tool', tool_call_id: result.id, content: JSON.stringify(asUntrustedData(result.content)) });
    }
  }
  return messages;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[];
  /** Sent in a last chunk when asked for (`stream_options.include_usage`). */
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** The `data:` payloads of a server-sent event stream, one at a time. */
async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) yield line.slice(5).trim();
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim().startsWith('data:')) yield buffer.trim().slice(5).trim();
}

export function openAiCompatibleProvider(options: { baseUrl: string; model: string; apiKey?: string; fetch?: typeof fetch }): AssistantProvider {
  const send = options.fetch ?? fetch;
  return {
    name: 'openai-compatible',
    async *respond(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      let response: Response;
      try {
        response = await send(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({
            model: options.model,
            stream: true,
            // The tokens the answer took, in a last chunk: what the assistant's budgets count.
            stream_options: { include_usage: true },
            messages: openAiMessages(request.system, withContext(request.history, request.context)),
            tools: request.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
          }),
          ...(request.signal ? { signal: request.signal } : {}),
        });
      } catch (error) {
        throw new ProviderError(`Connection to the model server failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok || !response.body) throw new ProviderError(`Server error: ${response.status} ${response.statusText}`);
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      for await (const data of serverSentData(response.body)) {
        if (data === '[DONE]') break;
        let chunk: StreamChunk;
        try {
          chunk = JSON.parse(data) as StreamChunk;
        } catch {
          continue;
        }
        if (chunk.usage) yield { type: 'usage', usage: { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 } };
        const delta = chunk.choices?.[0]?.delta;
        if (delta?.content) yield { type: 'text', text: delta.content };
        for (const call of delta?.tool_calls ?? []) {
          const current = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
          calls.set(call.index, {
            id: call.id ?? current.id,
            name: current.name + (call.function?.name ?? ''),
            arguments: current.arguments + (call.function?.arguments ?? ''),
          });
        }
      }
      for (const [index, call] of [...calls].sort(([a], [b]) => a - b)) {
        let args: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(call.arguments || '{}');
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
        } catch {
          // Arguments that are not JSON reach the tool as none; it says what is missing.
        }
        yield { type: 'tool-use', use: { id: call.id || `call-${index}`, name: call.name, args } };
      }
    },
  };
}
