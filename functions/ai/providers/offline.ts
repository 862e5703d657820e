import { randomUUID } from 'node:crypto';
import { readRequest } from '../offline/grammar.js';
import { HELP_TEXT, replyFor } from '../offline/replies.js';
import type { AssistantProvider, ProviderEvent, ProviderRequest } from './types.js';

/** Pieces the offline answer is streamed in, so the browser shows it growing like a model's. */
const PIECE = 24;
/** About this many characters make a model token (English text): what the offline answer reports it took. */
const CHARACTERS_PER_TOKEN = 4;

/**
 * What a model would have been charged for the request and the answer, estimated from their length, so that
 * the budgets work (and can be tried) on the local stack as they do with a real model.
 */
function estimatedUsage(request: ProviderRequest, answer: string): ProviderEvent {
  const read = request.system.length + JSON.stringify(request.history).length + JSON.stringify(request.tools).length;
  return { type: 'usage', usage: { inputTokens: Math.ceil(read / CHARACTERS_PER_TOKEN), outputTokens: Math.ceil(answer.length / CHARACTERS_PER_TOKEN) } };
}

async function* streamText(text: string, paceMs: number): AsyncIterable<ProviderEvent> {
  for (let start = 0; start < text.length; start += PIECE) {
    yield { type: 'text', text: text.slice(start, start + PIECE) };
    // Let each piece go out as its own frame, at a reader's pace.
    await new Promise((resolve) => (paceMs > 0 ? setTimeout(resolve, paceMs) : setImmediate(resolve)));
  }
}

/**
 * The built-in assistant: no model, no network; `paceMs` waits between pieces (OFFLINE_ASSISTANT_PACE_MS). On the user's message it reads the request with the
 * offline grammar and calls the tools it names; once they have run it answers from their results; what it
 * cannot read gets the list of what it can do.
 */
export function offlineProvider({ paceMs = 0 }: { paceMs?: number } = {}): AssistantProvider {
  return {
    name: 'offline',
    choosesFromUserTextOnly: true,
    async *respond(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      const last = request.history.at(-1);
      if (last?.role === 'tool') {
        const reply = replyFor(last.results);
        yield* streamText(reply, paceMs);
        yield estimatedUsage(request, reply);
        return;
      }
      if (last?.role !== 'user') return;
      const reading = readRequest(last.text, request.today);
      if ('help' in reading || 'say' in reading) {
        const reply = 'say' in reading ? reading.say : HELP_TEXT;
        yield* streamText(reply, paceMs);
        yield estimatedUsage(request, reply);
        return;
      }
      for (const call of reading.calls) yield { type: 'tool-use', use: { id: randomUUID(), name: call.tool, args: call.args } };
      yield estimatedUsage(request, JSON.stringify(reading.calls));
    },
  };
}
