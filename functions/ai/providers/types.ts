/**
 * One interface for every model behind the assistant (Bedrock, an OpenAI-compatible endpoint, the built-in
 * offline parser): given the conversation so far and the tools, it streams text and tool uses. The turn
 * (../turn.ts) runs the tools and asks again with their results, so every provider emits the same frames.
 */
export interface ToolUse {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

export interface ToolResultMessage {
  readonly id: string;
  readonly name: string;
  readonly content: unknown;
  readonly isError: boolean;
}

export type TurnMessage =
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolUses: readonly ToolUse[] }
  | { readonly role: 'tool'; readonly results: readonly ToolResultMessage[] };

/** The model tokens one answer took (read and written), as the provider reports them: what budgets count. */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export type ProviderEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool-use'; readonly use: ToolUse }
  | { readonly type: 'usage'; readonly usage: TokenUsage };

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export interface ProviderRequest {
  readonly system: string;
  readonly history: readonly TurnMessage[];
  readonly tools: readonly ToolSpec[];
  /** Today in the user's time zone (YYYY-MM-DD), for reading "next Friday". */
  readonly today: string;
  /**
   * Where the user is (the workspace's and project's names: text the team wrote), which a model reads as the
   * result of a `current_context` call after the user's message, never in the system prompt (model-input.ts).
   */
  readonly context?: unknown;
  readonly signal?: AbortSignal;
}

export interface AssistantProvider {
  readonly name: string;
  /**
   * It chooses tools from the user's words alone and only phrases its answer from their results (the offline
   * assistant): text planted in what the tools read cannot steer it, so its writes are never held as proposals.
   */
  readonly choosesFromUserTextOnly?: true;
  respond(request: ProviderRequest): AsyncIterable<ProviderEvent>;
}

/** A provider that failed (unreachable, refused, throttled): the reply ends with an error frame. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}
