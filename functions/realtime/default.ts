import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import * as z from 'zod/mini';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { todayIn } from '../../shared/rules/calendar-date.js';
import { clientMessage, CONNECTION_FLOODED, MESSAGES_PER_CONNECTION_PER_10_SECONDS, type ClientMessage, type ServerMessage } from '../../shared/realtime.js';
import { CHAT_REPLY_LEASE_SECONDS, STOPPED_REPLY_LEASE_SECONDS } from '../../shared/routes/workers.js';
import { NOT_AUTHENTICATED } from '../../shared/schemas/api-error.js';
import { CHAT_MESSAGES_PER_MINUTE, chatRequest, LOAD_CONVERSATION_FAILED, REPLIES_IN_FLIGHT, REPLY_UNDER_WAY } from '../../shared/schemas/chat.js';
import { resourceId } from '../../shared/schemas/ids.js';
import { startChatWorker } from '../ai/worker-client.js';
import { claimReplySlot, markStopped, releaseReplySlot } from '../data/chat-runs.js';
import { getConnection, subscribeToWorkspace, tokenExpired } from '../data/connection.js';
// eslint-disable-next-line import-x/no-restricted-paths -- after requireMembership below: the caller's own conversation, claimed for the reply under a lease, the message stored, the lease shortened on Stop
import { claimReply, getConversation, putMessage, releaseReply, shortenReplyLease } from '../data/conversations.js';
import { assistantBudgetLeft, takeChatQuota, takeConnectionMessageQuota } from '../data/quota.js';
import { startConversationFor } from '../domain/conversations.js';
import { requireMembership } from '../domain/authorize.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import { TooManyRequestsError } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { countMetric, publishMetrics } from '../lib/metrics.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';
import { closeConnection, push } from './push.js';
import { webSocketErrors } from './websocket-errors.js';

type ChatMessage = Extract<ClientMessage, { action: 'chat' }>;

/** Whose daily model-token budget is spent, and when it comes back (at midnight UTC). */
export function budgetSpentMessage(usedUp: 'user' | 'workspace', retryAfterSeconds: number): string {
  const hours = Math.floor(retryAfterSeconds / 3600);
  const minutes = Math.ceil((retryAfterSeconds % 3600) / 60);
  const renews = hours > 0 ? `${hours} h ${minutes} min` : `${Math.max(1, minutes)} min`;
  const whose = usedUp === 'user' ? 'You have used your' : 'This workspace has used its';
  return `${whose} assistant allowance for today. It renews at midnight UTC, in ${renews}.`;
}

/**
 * A message to the assistant: checked (membership, the per-user rate limit, the daily token budgets of the
 * user and the workspace, and replies in flight, the
 * conversation is the caller's), stored, answered at once with the conversation's id, and handed to the
 * chat worker, which gives the reply slot back when it is done. A refusal thrown here reaches the chat as an
 * error frame on the request (websocket-errors.ts).
 */
async function startChat(connectionId: string, userId: string, request: ChatMessage): Promise<ServerMessage | undefined> {
  await requireMembership(request.workspaceId, userId);
  const quota = await takeChatQuota(userId, CHAT_MESSAGES_PER_MINUTE, new Date());
  if (!quota.allowed) throw new TooManyRequestsError(`Too many messages; try again in ${quota.retryAfterSeconds} s`, quota.retryAfterSeconds);
  const budget = await assistantBudgetLeft(userId, request.workspaceId, { perUser: abuseLimits.assistantTokensPerUserPerDay, perWorkspace: abuseLimits.assistantTokensPerWorkspacePerDay }, new Date());
  if (!budget.allowed) {
    countMetric('AssistantBudgetRefusals');
    throw new TooManyRequestsError(budgetSpentMessage(budget.usedUp, budget.retryAfterSeconds), budget.retryAfterSeconds);
  }
  if (!(await claimReplySlot(userId, request.requestId, CHAT_REPLY_LEASE_SECONDS))) throw new TooManyRequestsError(REPLIES_IN_FLIGHT);
  let refusal: ServerMessage | undefined;
  try {
    refusal = await startReply(connectionId, userId, request);
  } catch (error) {
    await releaseReplySlot(userId, request.requestId);
    throw error;
  }
  // No worker took the reply: its slot is free again at once.
  if (refusal) await releaseReplySlot(userId, request.requestId);
  return refusal;
}

/** The reply's conversation claimed, the message stored and the worker started; a refusal when one of them cannot be. */
async function startReply(connectionId: string, userId: string, request: ChatMessage): Promise<ServerMessage | undefined> {
  const reply = (frame: Extract<ServerMessage, { type: 'chat' }>['frame']): ServerMessage => ({ type: 'chat', requestId: request.requestId, frame });
  const caller = { userId, email: '' };
  const conversation = request.conversationId
    ? await getConversation(request.workspaceId, userId, request.conversationId)
    : await startConversationFor(caller, request.workspaceId, request.message, request.projectId ?? null);
  const notFound = reply({ type: 'error', data: { error: 'not_found', message: LOAD_CONVERSATION_FAILED } });
  if (!conversation) return notFound;
  const ref = { workspaceId: request.workspaceId, userId, id: conversation.id };
  const claim = await claimReply(ref, request.requestId, CHAT_REPLY_LEASE_SECONDS);
  if (claim === 'missing') return notFound;
  if (claim === 'busy') return reply({ type: 'error', data: { error: 'busy', message: REPLY_UNDER_WAY } });
  try {
    const messageId = randomUUID();
    const stored = await putMessage(ref, { id: messageId, role: 'user', content: request.message, toolCalls: [], createdAt: new Date().toISOString() });
    if (!stored) return notFound;
    await push([connectionId], reply({ type: 'start', conversationId: conversation.id, messageId }));
    await startChatWorker({
      connectionId,
      requestId: request.requestId,
      userId,
      workspaceId: request.workspaceId,
      conversationId: conversation.id,
      projectId: request.projectId ?? conversation.projectId,
      today: todayIn(request.timeZone),
      ...(request.timeZone ? { timeZone: request.timeZone } : {}),
    });
  } catch (error) {
    // No worker will answer: the conversation must not wait out the lease.
    await releaseReply(ref, request.requestId);
    throw error;
  }
  return undefined;
}

/**
 * Stop Stream: the reply ends at its next step, where its worker stores it and lets the conversation go. The
 * reply's hold runs out soon in any case, so a worker that died does not keep the conversation for minutes;
 * not at once, or a message sent right after Stop would start a reply beside the one still finishing.
 */
async function stopChat(userId: string, request: Extract<ClientMessage, { action: 'chat.stop' }>): Promise<void> {
  await markStopped(userId, request.requestId);
  if (request.workspaceId && request.conversationId) {
    await shortenReplyLease({ workspaceId: request.workspaceId, userId, id: request.conversationId }, request.requestId, STOPPED_REPLY_LEASE_SECONDS);
  }
}

const namedChatRequest = z.object({ action: z.literal('chat'), requestId: resourceId() });

/**
 * A chat request the schema refuses (a message over the length limit) is answered on its own request, with
 * the reason, so the chat shows it at once rather than waiting for a reply that never starts.
 */
function refusedChat(json: unknown): ServerMessage | undefined {
  const named = namedChatRequest.safeParse(json);
  if (!named.success) return undefined;
  const message = chatRequest.safeParse(json).error?.issues[0]?.message ?? 'Invalid message';
  return { type: 'chat', requestId: named.data.requestId, frame: { type: 'error', data: { error: 'invalid_request', message } } };
}

async function answer(event: WebSocketEvent): Promise<ServerMessage | undefined> {
  const connectionId = event.requestContext.connectionId;
  // Counted before anything is read or parsed, so a flood costs one write per message and ends with the socket.
  if (!(await takeConnectionMessageQuota(connectionId, MESSAGES_PER_CONNECTION_PER_10_SECONDS, new Date()))) {
    await push([connectionId], { type: 'error', message: CONNECTION_FLOODED });
    await closeConnection(connectionId);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(event.body ?? '');
  } catch {
    return { type: 'error', message: 'Messages must be JSON' };
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) return refusedChat(json) ?? { type: 'error', message: 'Unknown message' };
  const message = parsed.data;
  if (message.action === 'ping') return { type: 'pong' };

  const connection = await getConnection(connectionId);
  if (!connection) return { type: 'error', message: NOT_AUTHENTICATED };
  if (tokenExpired(connection)) {
    // Signed out or disabled since, or just an hour on: the browser connects again with a fresh token.
    await closeConnection(connectionId);
    return undefined;
  }
  const { userId } = connection;
  switch (message.action) {
    case 'subscribe': {
      const membership = await requireMembership(message.workspaceId, userId);
      await subscribeToWorkspace({ ...connection, userId: membership.userId }, message.workspaceId);
      return { type: 'subscribed', workspaceId: message.workspaceId };
    }
    case 'chat':
      return startChat(connectionId, userId, message);
    case 'chat.stop':
      await stopChat(userId, message);
      return undefined;
  }
}

/** $default: ping, subscriptions to the user's workspaces, and the assistant's chat. */
export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(publishMetrics())
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(webSocketErrors())
  .handler(async function onMessage(event) {
    const message = await answer(event);
    if (message) await push([event.requestContext.connectionId], message);
    return { statusCode: 200 };
  });
