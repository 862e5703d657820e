import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type ContentBlock,
  type Message,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
import { ProviderError, type AssistantProvider, type ProviderEvent, type ProviderRequest, type TurnMessage } from './types.js';
import { asUntrustedData, withContext } from '../model-input.js';

/**
 * Amazon Bedrock's ConverseStream with tool use: text arrives in deltas, a tool use as a block whose JSON
 * input arrives in pieces and is complete at the block's end.
 */
const MAX_TOKENS = 4096;
/** Said when the model's answer reached MAX_TOKENS: the reader knows it is cut, and a half-sent tool use is not run. */
export const CUT_SHORT_NOTE = '\n\n(The answer was cut short at its length limit; ask me to go on.)';

/** Our turn as Bedrock messages: roles alternate (consecutive ones merged), tool results are user content. */
export function bedrockMessages(history: readonly TurnMessage[]): Message[] {
  const messages: Message[] = [];
  const add = (role: 'user' | 'assistant', content: ContentBlock[]) => {
    if (content.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content = [...(last.content ?? []), ...content];
    else messages.push({ role, content });
  };
  for (const message of history) {
    if (message.role === 'user') add('user', [{ text: message.text }]);
    else if (message.role === 'assistant') {
      add('assistant', [
        ...(message.text ? [{ text: message.text }] : []),
        ...message.toolUses.map((use) => ({ toolUse: { toolUseId: use.id, name: use.name, input: use.args as DocumentType } })),
      ]);
    } else {
      add(
        'user',
        message.results.map((result) => ({
          toolResult: { toolUseId: result.id, content: [{ json: asUntrustedData(result.content) as DocumentType }], status: result.isError ? 'error' : 'success' },
        })),
      );
    }
  }
  // Bedrock refuses a conversation that does not begin with the user.
  const firstUser = messages.findIndex((message) => message.role === 'user');
  return firstUser < 0 ? [] : messages.slice(firstUser);
}

export function bedrockProvider(options: { modelId: string; client?: BedrockRuntimeClient }): AssistantProvider {
  const client = options.client ?? new BedrockRuntimeClient({});
  return {
    name: 'bedrock',
    async *respond(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      const tools: Tool[] = request.tools.map((tool) => ({
        toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema as DocumentType } },
      }));
      let response;
      try {
        response = await client.send(
          new ConverseStreamCommand({
            modelId: options.modelId,
            system: [{ text: request.system }],
            messages: bedrockMessages(withContext(request.history, request.context)),
            toolConfig: { tools },
            inferenceConfig: { maxTokens: MAX_TOKENS },
          }),
          request.signal ? { abortSignal: request.signal } : {},
        );
      } catch (error) {
        // The user reads the kind of refusal; its text (which may name roles and accounts) goes to the logs.
        throw new ProviderError(`Bedrock refused the request (${error instanceof Error ? error.name : 'unknown error'})`, { cause: error });
      }
      const pendingTools = new Map<number, { id: string; name: string; input: string }>();
      // Tool uses are handed on once the message has ended, and not at all if it ended at the length limit:
      // a use whose input was cut would run with the arguments it lost.
      const finishedTools: ProviderEvent[] = [];
      let cutShort = false;
      // The SDK throws some of the stream's errors (throttling among them) from the iteration itself.
      const events = (async function* () {
        try {
          yield* response.stream ?? [];
        } catch (error) {
          throw error instanceof ProviderError ? error : new ProviderError(`Bedrock stream error: ${error instanceof Error ? error.message : String(error)}`);
        }
      })();
      for await (const event of events) {
        if (event.contentBlockStart?.start?.toolUse) {
          const { toolUseId = '', name = '' } = event.contentBlockStart.start.toolUse;
          pendingTools.set(event.contentBlockStart.contentBlockIndex ?? 0, { id: toolUseId, name, input: '' });
        } else if (event.contentBlockDelta?.delta) {
          const { delta, contentBlockIndex = 0 } = event.contentBlockDelta;
          if (delta.text) yield { type: 'text', text: delta.text };
          const pending = pendingTools.get(contentBlockIndex);
          if (delta.toolUse?.input && pending) pending.input += delta.toolUse.input;
        } else if (event.contentBlockStop) {
          const index = event.contentBlockStop.contentBlockIndex ?? 0;
          const pending = pendingTools.get(index);
          if (pending) {
            pendingTools.delete(index);
            finishedTools.push({ type: 'tool-use', use: { id: pending.id, name: pending.name, args: parseInput(pending.input) } });
          }
        } else if (event.messageStop) {
          cutShort = event.messageStop.stopReason === 'max_tokens';
        } else if (event.metadata?.usage) {
          yield { type: 'usage', usage: { inputTokens: event.metadata.usage.inputTokens ?? 0, outputTokens: event.metadata.usage.outputTokens ?? 0 } };
        } else {
          const failure =
            event.internalServerException ?? event.modelStreamErrorException ?? event.throttlingException ?? event.validationException ?? event.serviceUnavailableException;
          if (failure) throw new ProviderError(`Bedrock stream error: ${failure.message ?? failure.name}`);
        }
      }
      if (cutShort) yield { type: 'text', text: CUT_SHORT_NOTE };
      else yield* finishedTools;
    },
  };
}

function parseInput(input: string): Record<string, unknown> {
  if (!input.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(input);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
