import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { HttpError, TooManyRequestsError } from './errors.js';
import { logger } from './logger.js';

/**
 * AWS refusing for load (DynamoDB throughput or request limits, API throttling) after the SDK's own retries:
 * nothing was written by the refused call, and the same request may well succeed a moment later.
 */
const THROTTLING_ERRORS = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'TooManyRequestsException']);
export const BUSY_RETRY_AFTER_SECONDS = 2;

export function isThrottling(error: unknown): boolean {
  return error instanceof Error && THROTTLING_ERRORS.has(error.name);
}

/**
 * Turns thrown HttpErrors into their status and JSON body, and AWS throttling into 503 with Retry-After.
 * Anything else is logged with its stack and answered with a plain 500, so internals never reach the caller.
 */
export function httpErrorHandler(): MiddlewareObj<unknown, APIGatewayProxyStructuredResultV2> {
  return {
    onError: function respondWithError(request) {
      const { error } = request;
      if (error instanceof HttpError) {
        if (error.statusCode >= 500) logger.error('Request failed', { error });
        else logger.info('Request refused', { statusCode: error.statusCode, reason: error.message });
        request.response = jsonError(error.statusCode, error.toBody(), retryAfterHeader(error));
        return;
      }
      if (isThrottling(error)) {
        logger.warn('Throttled by AWS after retries', { error });
        request.response = jsonError(503, { error: 'The service is busy right now; try again in a moment' }, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
        return;
      }
      logger.error('Unexpected error', { error });
      request.response = jsonError(500, { error: 'Internal server error' });
    },
  };
}

function retryAfterHeader(error: HttpError): Record<string, string> {
  return error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {};
}

function jsonError(statusCode: number, body: object, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
