import { containsUnprintable } from '../rules/printable-text.js';
import * as z from 'zod/mini';
import { resourceId } from './ids.js';

/**
 * The AI assistant (spec pages §2 AI chat screen, §3 AI entities, §4 AI states, §5, §7, §9): conversations
 * and their messages, stored per user and workspace, and the frames a reply streams over the WebSocket.
 */

/**
 * Replies of one user's assistant that may run at once, across their conversations (new ones included): one
 * client cannot run the model without bound (issue 35). Beyond it, the chat says so (REPLIES_IN_FLIGHT).
 */
export const REPLIES_IN_FLIGHT_PER_USER = 2;
export const REPLIES_IN_FLIGHT = `You already have ${REPLIES_IN_FLIGHT_PER_USER} replies running. Wait for one to finish, or stop it, then send again.`;

/** Messages to the assistant one user may send per minute (abuse limit; beyond it an error frame says when to retry). */
export const CHAT_MESSAGES_PER_MINUTE = 20;

/** Longest message a user may send. */
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;
export const CONVERSATION_TITLE_MAX_LENGTH = 100;
/** Frames stay under API Gateway's 32 KB WebSocket frame limit; longer text is sent in several deltas. */
export const CHAT_FRAME_MAX_BYTES = 32 * 1024;
export const CHAT_TEXT_DELTA_MAX_CHARS = 4_000;

/** `proposed`: a write the assistant suggested after reading text others wrote; made only when the user applies it. */
export const toolCallStatuses = ['pending', 'success', 'error', 'proposed'] as const;
export type ToolCallStatus = (typeof toolCallStatuses)[number];

/**
 * What a write tool can take back: the item it wrote, at the version its write left it. A stored
 * conversation says what an undo already used did (`undone`).
 */
export const toolUndo = z.object({ token: z.string(), label: z.string(), undone: z.optional(z.string()) });
export type ToolUndo = z.infer<typeof toolUndo>;

/**
 * A proposed write: the token that applies it (once). A stored conversation says what applying it did
 * (`applied`, with the write's own undo), so a reload shows it done instead of offering Apply again.
 */
export const toolProposal = z.object({ token: z.string(), applied: z.optional(z.object({ message: z.string(), undo: z.optional(toolUndo) })) });
export type ToolProposal = z.infer<typeof toolProposal>;

/** The assistant's preview of the weekly plan (issue 36): the tool's name, and the rows the chat shows under its pill. */
export const WEEK_PREVIEW_TOOL = 'preview_weekly_plan';
const weekPreviewTask = z.object({ id: z.string(), title: z.string(), project: z.string(), labels: z.optional(z.array(z.string())) });
export const weekPreviewResult = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      // Late against its due date, or kept on time only by going over capacity: as the saved plan marks them.
      tasks: z.array(z.extend(weekPreviewTask, { minutes: z.number(), reason: z.string(), late: z.optional(z.literal(true)), overCapacity: z.optional(z.literal(true)) })),
      totalMinutes: z.number(),
    }),
  ),
  notFitting: z.array(z.extend(weekPreviewTask, { reason: z.string() })),
});
export type WeekPreviewResult = z.infer<typeof weekPreviewResult>;

export const toolCallView = z.object({
  id: z.string(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()),
  status: z.enum(toolCallStatuses),
  message: z.string(),
  result: z.optional(z.unknown()),
  undo: z.optional(toolUndo),
  proposal: z.optional(toolProposal),
});
export type ToolCallView = z.infer<typeof toolCallView>;

export const chatRoles = ['user', 'assistant'] as const;
export type ChatRole = (typeof chatRoles)[number];

export const chatMessageView = z.object({
  id: z.string(),
  role: z.enum(chatRoles),
  content: z.string(),
  toolCalls: z.array(toolCallView),
  createdAt: z.string(),
});
export type ChatMessageView = z.infer<typeof chatMessageView>;

export const conversationView = z.object({
  id: z.string(),
  workspaceId: z.string(),
  title: z.string(),
  /** The project the conversation was scoped to when it began, if any. */
  projectId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const listConversationsResponse = z.object({ conversations: z.array(conversationView) });
export const conversationResponse = z.object({ conversation: conversationView, messages: z.array(chatMessageView) });
export const renamedConversationResponse = z.object({ conversation: conversationView });

export const renameConversationInput = z.object({
  title: z.string({ error: 'Title is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Title is required', abort: true }),
    z.maxLength(CONVERSATION_TITLE_MAX_LENGTH, { error: `Title must be at most ${CONVERSATION_TITLE_MAX_LENGTH} characters` }),
    z.refine((title) => !containsUnprintable(title), { error: 'Title must be one line of printable text' }),
  ),
});

export const conversationParams = z.object({ workspaceId: resourceId(), conversationId: resourceId() });

/** A chat request, sent on the browser's WebSocket (`{ action: 'chat', ... }`). */
export const chatRequest = z.object({
  /** The browser's id for this request: every frame of the reply carries it. */
  requestId: resourceId(),
  workspaceId: resourceId(),
  /** Absent for a new conversation; the first frame names the one made. */
  conversationId: z.optional(resourceId()),
  /** The project the chat is scoped to (the panel on a project page). */
  projectId: z.optional(resourceId()),
  message: z.string({ error: 'Message is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Message is required', abort: true }),
    z.maxLength(CHAT_MESSAGE_MAX_LENGTH, { error: `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  ),
  /** The browser's IANA time zone, so 'today' and 'next Friday' are the user's days. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
});
export type ChatRequest = z.infer<typeof chatRequest>;

/** A message sent while the conversation's previous reply still runs (in another tab, or one not yet stopped). */
/** Spec pages §8's texts: a conversation that cannot be read, and a reply that failed without saying why. */
export const LOAD_CONVERSATION_FAILED = 'Failed to load conversation';
export const STREAM_ERROR_DEFAULT = 'An error occurred';

export const REPLY_UNDER_WAY = 'The assistant is still answering in this conversation. Wait for that reply, or stop it, then send again.';

/**
 * One frame of a streamed reply: the spec's line protocol (text-delta, tool-call, tool-result, error), a
 * first `start` frame with the conversation id (the spec's X-Conversation-Id) and a final `done`.
 */
export const chatFrame = z.discriminatedUnion('type', [
  /** The conversation (new or continued) and the id the user's message was stored under. */
  z.object({ type: z.literal('start'), conversationId: z.string(), messageId: z.string() }),
  z.object({ type: z.literal('text-delta'), data: z.object({ text: z.string() }) }),
  z.object({
    type: z.literal('tool-call'),
    data: z.object({ id: z.string(), toolName: z.string(), args: z.record(z.string(), z.unknown()), message: z.string() }),
  }),
  z.object({
    type: z.literal('tool-result'),
    data: z.object({
      id: z.string(),
      toolName: z.string(),
      result: z.optional(z.unknown()),
      message: z.string(),
      status: z.enum(['success', 'error', 'proposed']),
      undo: z.optional(toolUndo),
      proposal: z.optional(toolProposal),
    }),
  }),
  z.object({
    type: z.literal('error'),
    data: z.object({ error: z.string(), message: z.string(), retryAfterSeconds: z.optional(z.number()) }),
  }),
  z.object({ type: z.literal('done'), messageId: z.string() }),
]);
export type ChatFrame = z.infer<typeof chatFrame>;

/** Undoes one write of a tool (the token of its result); answers what was restored. */
export const undoToolInput = z.object({ token: resourceId('token is required') });
export const undoToolResponse = z.object({ message: z.string() });

export const applyProposalInput = z.object({ token: resourceId('token is required') });
/** What applying did (the tool's own words) and its Undo, as a write the assistant made directly has. */
export const applyProposalResponse = z.object({ message: z.string(), undo: z.optional(toolUndo) });

/** Tool calls one reply may make (a runaway model, or an instruction planted in a task, stops here). */
export const MAX_TOOL_CALLS = 25;

/** Undo all: the writes of one reply, newest first (each is taken back on top of the ones before it). */
export const undoToolsInput = z.object({
  tokens: z.array(resourceId('token is required')).check(z.minLength(1, 'tokens: at least one'), z.maxLength(MAX_TOOL_CALLS, `tokens: at most ${MAX_TOOL_CALLS}`)),
});
/** What became of each write: undone (with what was restored) or refused (with why); in the order asked. */
export const undoToolsResponse = z.object({ results: z.array(z.object({ token: z.string(), undone: z.boolean(), message: z.string() })) });
export type UndoToolsResult = z.infer<typeof undoToolsResponse>['results'][number];
