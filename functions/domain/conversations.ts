import { randomUUID } from 'node:crypto';
import type { ChatMessageView, ConversationView, ToolCallView, ToolProposal, ToolUndo } from '../../shared/schemas/chat.js';
import { getUndoStates } from '../data/chat-runs.js';
import { deleteConversation, getConversation, listConversations, listMessages, putConversation, updateConversation } from '../data/conversations.js';
import { getProposalStates } from '../data/proposals.js';
import type { Caller } from '../lib/caller.js';
import { NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership } from './authorize.js';

/**
 * The assistant's conversations (each user's own, per workspace: nobody sees another's), with each tool
 * call's Undo as it stands. The undo itself is in assistant.ts, which reaches every kind of item's writes
 * (the tasks' with their repeat rules): apart, the conversation routes' bundles carry none of that.
 */
const CONVERSATION_NOT_FOUND = 'Conversation not found';
const TITLE_LENGTH = 60;

export async function listConversationsFor(caller: Caller, workspaceId: string): Promise<ConversationView[]> {
  await requireMembership(workspaceId, caller.userId);
  return listConversations(workspaceId, caller.userId);
}

export async function getConversationFor(
  caller: Caller,
  workspaceId: string,
  conversationId: string,
): Promise<{ conversation: ConversationView; messages: ChatMessageView[] }> {
  const conversation = await readAsMember(workspaceId, caller.userId, () => getConversation(workspaceId, caller.userId, conversationId));
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return { conversation, messages: await withUndoStates(workspaceId, caller.userId, await listMessages(conversationId)) };
}

/**
 * Stored tool calls as their Undo stands now: an undo already used says what it did (`undone`), and one
 * that expired is dropped, so a reloaded conversation offers Undo only where it can still work.
 */
async function withUndoStates(workspaceId: string, userId: string, messages: ChatMessageView[]): Promise<ChatMessageView[]> {
  const calls = messages.flatMap((message) => message.toolCalls);
  const proposalTokens = calls.flatMap((call) => (call.proposal ? [call.proposal.token] : []));
  const proposals = proposalTokens.length > 0 ? await getProposalStates(workspaceId, userId, proposalTokens) : new Map<string, ToolProposal>();
  // An applied proposal's write has an Undo of its own, whose state is read with the others.
  const appliedUndo = (call: ToolCallView) => (call.proposal ? proposals.get(call.proposal.token)?.applied?.undo : undefined);
  const tokens = calls.flatMap((call) => [call.undo?.token, appliedUndo(call)?.token].filter((token) => token !== undefined));
  if (tokens.length === 0 && proposalTokens.length === 0) return messages;
  const states = tokens.length > 0 ? await getUndoStates(workspaceId, userId, tokens) : new Map<string, { undoneMessage?: string }>();
  const withState = (undo: ToolUndo | undefined): ToolUndo | undefined => {
    const state = undo ? states.get(undo.token) : undefined;
    return undo && state ? { ...undo, ...(state.undoneMessage === undefined ? {} : { undone: state.undoneMessage }) } : undefined;
  };
  return messages.map((message) => ({
    ...message,
    toolCalls: message.toolCalls.map(({ undo, proposal, ...call }) => {
      const undoNow = withState(undo);
      // A proposal that expired unapplied is shown without its Apply.
      const proposalNow = proposal ? proposals.get(proposal.token) : undefined;
      const applied = proposalNow?.applied;
      const appliedUndoNow = withState(applied?.undo);
      return {
        ...call,
        ...(undoNow ? { undo: undoNow } : {}),
        ...(proposalNow ? { proposal: { token: proposalNow.token, ...(applied ? { applied: { message: applied.message, ...(appliedUndoNow ? { undo: appliedUndoNow } : {}) } } : {}) } } : {}),
      };
    }),
  }));
}

/** A new conversation titled after its first message. */
export async function startConversationFor(caller: Caller, workspaceId: string, firstMessage: string, projectId: string | null): Promise<ConversationView> {
  const now = new Date().toISOString();
  const line = firstMessage.replace(/\s+/g, ' ').trim();
  const conversation: ConversationView = {
    id: randomUUID(),
    workspaceId,
    title: line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line,
    projectId,
    createdAt: now,
    updatedAt: now,
  };
  await putConversation(caller.userId, conversation);
  return conversation;
}

export async function renameConversationFor(caller: Caller, workspaceId: string, conversationId: string, title: string): Promise<ConversationView> {
  await requireMembership(workspaceId, caller.userId);
  const renamed = await updateConversation(workspaceId, caller.userId, conversationId, { title, updatedAt: new Date().toISOString() });
  if (!renamed) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return renamed;
}

export async function deleteConversationFor(caller: Caller, workspaceId: string, conversationId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  if (!(await deleteConversation(workspaceId, caller.userId, conversationId))) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}
