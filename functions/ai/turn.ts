import { CHAT_FRAME_MAX_BYTES, CHAT_TEXT_DELTA_MAX_CHARS, MAX_TOOL_CALLS, type ChatFrame, type ToolCallView } from '../../shared/schemas/chat.js';
import { logger } from '../lib/logger.js';
import type { AssistantProvider, ToolResultMessage, ToolUse, TurnMessage } from './providers/types.js';
import { ToolError, type ToolContext, type ToolOutcome } from './tool-context.js';
import { isWriteTool, proposalOf, runTool, toolSpecs } from './tools.js';
import { countMetric } from '../lib/metrics.js';
import { withoutInvisible } from '../../shared/rules/printable-text.js';
import { readable, readableToModel } from './model-input.js';

/**
 * One reply of the assistant: the provider answers, the tools it asks for run (as the caller), their
 * results go back to it, until it answers without tools or the round limit is reached (the last round is
 * told to answer, and tools it asks for then are not run). Every step is sent as a frame as it happens; the
 * reply (text and tool calls) is returned to be stored.
 */
export const MAX_TOOL_ROUNDS = 4;
const LAST_ROUND_RULE = 'This is the last step of this reply: answer the user now, without calling tools.';
/** How often a long answer checks whether the user pressed Stop (one read each time). */
const STOP_CHECK_INTERVAL_MS = 250;

export interface TurnOptions {
  readonly provider: AssistantProvider;
  readonly system: string;
  /** The conversation so far, ending with the user's new message. */
  readonly history: readonly TurnMessage[];
  /** Where the user is, given to a model as a tool's result (ProviderRequest.context). */
  readonly context?: unknown;
  readonly toolContext: ToolContext;
  readonly emit: (frame: ChatFrame) => Promise<void>;
  readonly shouldStop: () => Promise<boolean>;
  /** Counts the model tokens of each answer as it ends (the assistant's daily budgets). */
  readonly chargeTokens?: (tokens: number) => Promise<void>;
  /**
   * Set when text others wrote can steer the model (a model that reads tool results, in a workspace with
   * other members): once the reply has read anything the tools return (this reply, or the conversation's
   * earlier ones), its writes are not made but proposed, each kept by `keep` under the token that applies it.
   */
  readonly proposeWritesAfterReading?: { readonly keep: (use: ToolUse) => Promise<string> };
  readonly maxRounds?: number;
}

export interface TurnResult {
  readonly content: string;
  readonly toolCalls: ToolCallView[];
  readonly stopped: boolean;
}

/** The reply failed after some of it (text, tool calls that changed things) happened: that part is kept. */
export class TurnInterrupted extends Error {
  constructor(
    readonly partial: TurnResult,
    override readonly cause: unknown,
  ) {
    super('The reply was interrupted', { cause });
  }
}

/** A text delta in pieces small enough for one WebSocket frame each. */
function pieces(text: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += CHAT_TEXT_DELTA_MAX_CHARS) parts.push(text.slice(start, start + CHAT_TEXT_DELTA_MAX_CHARS));
  return parts;
}

/** Text deltas go out at most this often, or once this long: a post per model token costs a round trip each. */
const TEXT_BATCH_MS = 100;
const TEXT_BATCH_CHARS = 1000;

/** Gathers a model's text deltas into fewer frames; the first after a pause goes at once. */
function textBatcher(emit: TurnOptions['emit']) {
  let pending = '';
  let lastSent = 0;
  const flush = async () => {
    if (!pending) return;
    const text = pending;
    pending = '';
    lastSent = Date.now();
    for (const piece of pieces(text)) await emit({ type: 'text-delta', data: { text: piece } });
  };
  return {
    flush,
    add: async (text: string) => {
      pending += text;
      if (pending.length >= TEXT_BATCH_CHARS || Date.now() - lastSent >= TEXT_BATCH_MS) await flush();
    },
  };
}

/** A tool result too large for one frame is sent as a note that it was cut (the stored reply keeps it whole). */
function fitted(result: unknown): unknown {
  const bytes = Buffer.byteLength(JSON.stringify(result ?? null));
  return bytes <= CHAT_FRAME_MAX_BYTES / 2 ? result : { truncated: true, bytes };
}

/** What a model is told of a write it asked for that became a proposal. */
export const PROPOSED_NOTE =
  'Not done: this reply had read text written by others, so the change is shown to the user as a proposal they apply with one click if they want it. Tell them what you proposed and why.';

type StepOutcome = { outcome: ToolOutcome; proposal?: never; error?: never } | { proposal: { token: string; message: string }; outcome?: never; error?: never } | { error: string; outcome?: never; proposal?: never };

async function runOne(context: ToolContext, use: ToolUse, propose?: (use: ToolUse) => Promise<string>): Promise<StepOutcome> {
  try {
    if (propose) {
      const message = proposalOf(use.name, use.args);
      return { proposal: { token: await propose(use), message } };
    }
    return { outcome: await runTool(context, use.name, use.args) };
  } catch (error) {
    if (error instanceof ToolError) return { error: error.message };
    logger.error('Assistant tool failed', { tool: use.name, error });
    return { error: 'The tool failed unexpectedly.' };
  }
}

export async function runTurn(options: TurnOptions): Promise<TurnResult> {
  const toolCalls: ToolCallView[] = [];
  const replies: string[] = [];
  try {
    return await runRounds(options, toolCalls, replies);
  } catch (error) {
    // Only a reply that changed something is kept as it was cut: one that did not may simply be asked again.
    if (!toolCalls.some((call) => call.undo !== undefined)) throw error;
    throw new TurnInterrupted({ content: replies.join('\n\n'), toolCalls, stopped: false }, error);
  }
}

/** The rounds of a reply; `toolCalls` and `replies` (each finished round's text) fill as they happen. */
async function runRounds(options: TurnOptions, toolCalls: ToolCallView[], replies: string[]): Promise<TurnResult> {
  const history: TurnMessage[] = [...options.history];
  // What the tools returned in earlier replies is read again with the conversation.
  let hasRead = history.some((message) => message.role === 'tool');
  const maxRounds = options.maxRounds ?? MAX_TOOL_ROUNDS;
  let lastStopCheck = Date.now();
  countMetric('AssistantTurns');
  const stopDue = () => {
    if (Date.now() - lastStopCheck < STOP_CHECK_INTERVAL_MS) return false;
    lastStopCheck = Date.now();
    return true;
  };

  for (let round = 1; round <= maxRounds; round += 1) {
    let text = '';
    const uses: ToolUse[] = [];
    const lastRound = round === maxRounds;
    const system = lastRound ? `${options.system}\n${LAST_ROUND_RULE}` : options.system;
    // Stop ends the model's answer at its source too (the request is aborted), not only our reading of it.
    const answer = new AbortController();
    const batch = textBatcher(options.emit);
    const request = {
      system: withoutInvisible(system),
      history: readableToModel(history),
      ...(options.context === undefined ? {} : { context: readable(options.context) }),
      tools: toolSpecs(),
      today: options.toolContext.today,
      signal: answer.signal,
    };
    for await (const event of options.provider.respond(request)) {
      if (event.type === 'tool-use') {
        uses.push(event.use);
        continue;
      }
      if (event.type === 'usage') {
        await options.chargeTokens?.(event.usage.inputTokens + event.usage.outputTokens);
        continue;
      }
      text += event.text;
      await batch.add(event.text);
      if (stopDue() && (await options.shouldStop())) {
        answer.abort();
        await batch.flush();
        return { content: [...replies, text].join('\n\n'), toolCalls, stopped: true };
      }
    }
    await batch.flush();
    if (text) replies.push(text);
    if (uses.length === 0) break;
    if (lastRound) {
      const note = `I stopped after ${maxRounds} rounds of tools; ask again to go on.`;
      await options.emit({ type: 'text-delta', data: { text: note } });
      replies.push(note);
      break;
    }
    history.push({ role: 'assistant', text, toolUses: uses });

    const results: ToolResultMessage[] = [];
    for (const use of uses) {
      if (await options.shouldStop()) return { content: replies.join('\n\n'), toolCalls, stopped: true };
      const message = `Running ${use.name.replaceAll('_', ' ')}`;
      await options.emit({ type: 'tool-call', data: { id: use.id, toolName: use.name, args: use.args, message } });
      countMetric('AssistantToolCalls');
      const guard = options.proposeWritesAfterReading;
      const propose = guard && hasRead && isWriteTool(use.name) ? guard.keep : undefined;
      const { outcome, proposal, error } =
        toolCalls.length < MAX_TOOL_CALLS
          ? await runOne(options.toolContext, use, propose)
          : { error: `Not run: one reply makes at most ${MAX_TOOL_CALLS} tool calls. Tell the user what was done and ask them to go on.` };
      if (proposal) {
        const proposed = { token: proposal.token };
        toolCalls.push({ id: use.id, name: use.name, args: use.args, status: 'proposed', message: proposal.message, proposal: proposed });
        await options.emit({ type: 'tool-result', data: { id: use.id, toolName: use.name, message: proposal.message, status: 'proposed', proposal: proposed } });
        results.push({ id: use.id, name: use.name, content: { proposed: true, note: PROPOSED_NOTE }, isError: false });
      } else if (outcome) {
        toolCalls.push({ id: use.id, name: use.name, args: use.args, status: 'success', message: outcome.message, result: outcome.result, ...(outcome.undo ? { undo: outcome.undo } : {}) });
        await options.emit({
          type: 'tool-result',
          data: { id: use.id, toolName: use.name, result: fitted(outcome.result), message: outcome.message, status: 'success', ...(outcome.undo ? { undo: outcome.undo } : {}) },
        });
        results.push({ id: use.id, name: use.name, content: outcome.result, isError: false });
      } else {
        const errorMessage = error ?? 'The tool failed.';
        toolCalls.push({ id: use.id, name: use.name, args: use.args, status: 'error', message: errorMessage });
        await options.emit({ type: 'tool-result', data: { id: use.id, toolName: use.name, message: errorMessage, status: 'error' } });
        results.push({ id: use.id, name: use.name, content: { error: errorMessage }, isError: true });
      }
    }
    history.push({ role: 'tool', results });
    // The next round's model has read these results: from here its writes may follow what others wrote.
    hasRead = true;
    if (await options.shouldStop()) return { content: replies.join('\n\n'), toolCalls, stopped: true };
  }
  return { content: replies.join('\n\n'), toolCalls, stopped: false };
}
