import { randomUUID } from 'node:crypto';
import { readRequest } from '../offline/grammar.js';
import { HELP_TEXT, replyFor } from '../offline/replies.js';
import type { AssistantProvider, ProviderEvent, ProviderRequest } from './types.js';

/** Pieces the offline answer is streamed in, so the browser shows it growing like a model's. */
const PIECE = 24;

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
    async *respond(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      const last = request.history.at(-1);
      if (last?.role === 'tool') {
        yield* streamText(replyFor(last.results), paceMs);
        return;
      }
      if (last?.role !== 'user') return;
      const reading = readRequest(last.text, request.today);
      if ('help' in reading || 'say' in reading) {
        yield* streamText('say' in reading ? reading.say : HELP_TEXT, paceMs);
        return;
      }
      for (const call of reading.calls) yield { type: 'tool-use', use: { id: randomUUID(), name: call.tool, args: call.args } };
    },
  };
}
