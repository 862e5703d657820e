import type { Caller } from '../lib/caller.js';

/** Where and for whom a tool of the assistant runs, what it answers, and how it refuses (tools.ts). */
export interface ToolContext {
  readonly caller: Caller;
  readonly workspaceId: string;
  /** The project the chat is scoped to, used when a request names none. */
  readonly projectId?: string | undefined;
  /** Today in the user's time zone (YYYY-MM-DD). */
  readonly today: string;
  /** The user's time zone (the browser's), for calendar events' days; UTC when unknown. */
  readonly timeZone?: string | undefined;
}

export interface ToolOutcome {
  readonly result: unknown;
  /** One line for the tool pill. */
  readonly message: string;
  readonly undo?: { readonly token: string; readonly label: string };
}

/** A refusal the model (and the user) should read: it becomes the tool result's error message. */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}
