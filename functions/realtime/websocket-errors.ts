import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod/mini';
import type { ServerMessage } from '../../shared/realtime.js';
import type { ChatFrame } from '../../shared/schemas/chat.js';
import { resourceId } from '../../shared/schemas/ids.js';
import { HttpError, TooManyRequestsError } from '../lib/errors.js';
import { BUSY_RETRY_AFTER_SECONDS, isThrottling } from '../lib/http-error-handler.js';
import { logger } from '../lib/logger.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';
import { postToConnection } from './push.js';

/** The chat's texts for a failed request (spec pages §8: 'Server error: {status} {statusText}'). */
export const SERVER_ERROR = 'Server error: 500 Internal Server Error';
export const SERVER_BUSY = 'Server error: 503 Service Unavailable';

const requestNamed = z.object({ action: z.enum(['chat', 'chat.stop']), requestId: resourceId() });

/** The chat request a message body names, if it names one (so an answer can be tied to it). */
export function chatRequestIdOf(body: string | undefined): string | undefined {
  try {
    return requestNamed.safeParse(JSON.parse(body ?? '')).data?.requestId;
  } catch {
    return undefined;
  }
}

/** A chat error frame's code for each refusal the domain throws. */
const refusalCodes: Readonly<Record<number, string>> = { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 429: 'rate_limited' };

export interface Failure {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
  readonly retryAfterSeconds?: number;
}

/**
 * What a thrown error tells the browser: a refusal its own words, AWS throttling busy, anything else no
 * internals (`unexpected`: the words for that, the failed request's by default).
 */
export function failureOf(error: unknown, unexpected = SERVER_ERROR): Failure {
  if (error instanceof HttpError && error.statusCode < 500) {
    logger.info('Message refused', { statusCode: error.statusCode, reason: error.message });
    const retryAfterSeconds = error instanceof TooManyRequestsError ? error.retryAfterSeconds : undefined;
    return { statusCode: error.statusCode, code: refusalCodes[error.statusCode] ?? 'refused', message: error.message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }
  if (isThrottling(error)) {
    logger.warn('Throttled by AWS after retries', { error });
    return { statusCode: 503, code: 'unavailable', message: SERVER_BUSY, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
  }
  logger.error('Unexpected error', { error });
  return { statusCode: 500, code: 'internal', message: unexpected };
}

/** A failure as the chat's error frame. */
export function errorFrameOf({ code, message, retryAfterSeconds }: Failure): ChatFrame {
  return { type: 'error', data: { error: code, message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } };
}

/**
 * The HTTP routes' discipline for the WebSocket's `$default` route: a throw never leaves the browser
 * waiting. The domain's typed refusals (not a member, over a limit) are answered in their own words; AWS
 * throttling after the SDK's retries says the service is busy, with when to retry; anything else is logged
 * with its stack and answered without internals. A chat request hears it as an error frame on its own
 * request id, which the chat shows at once instead of waiting out its start timeout; any other message as
 * an `error` message.
 */
export function webSocketErrors(): MiddlewareObj<WebSocketEvent, WebSocketResult> {
  return {
    onError: async function answerWithError(request) {
      const failure = failureOf(request.error);
      const requestId = chatRequestIdOf(request.event.body);
      const answer: ServerMessage = requestId ? { type: 'chat', requestId, frame: errorFrameOf(failure) } : { type: 'error', message: failure.message };
      await postToConnection(request.event.requestContext.connectionId, answer);
      request.response = { statusCode: failure.statusCode };
    },
  };
}
