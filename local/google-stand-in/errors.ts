/** Errors, in the three shapes Google answers with: the APIs', the OAuth endpoints' and the browser pages'. */
import { jsonReply, type Reply } from './replies.js';
import type { InjectedFailureStatus } from './types.js';

/** What part of the request an API error points at (its `location` and `locationType`). */
export interface ErrorLocation {
  readonly type: 'header' | 'parameter';
  readonly name: string;
}

/** A Calendar / userinfo error: `{error:{code, message, errors:[{domain, reason, message}]}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly details: { domain?: string; location?: ErrorLocation; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  reply(): Reply {
    const { domain = 'global', location, headers } = this.details;
    const item = { domain, reason: this.reason, message: this.message, ...(location ? { locationType: location.type, location: location.name } : {}) };
    return jsonReply(this.status, { error: { code: this.status, message: this.message, errors: [item] } }, headers);
  }
}

/** The token and revoke endpoints' error: `{error, error_description}` (gaxios makes `error` the message). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.name = 'OAuthError';
  }
}

/** An error in the browser part of the flow: Google shows a page, as the redirect cannot be trusted. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export const badRequest = (reason: string, message: string, parameter?: string): ApiError =>
  new ApiError(400, reason, message, parameter ? { location: { type: 'parameter', name: parameter } } : {});
export const notFound = (): ApiError => new ApiError(404, 'notFound', 'Not Found');
export const insufficientScopes = (): ApiError => new ApiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');

export const INJECTED_FAILURES: Record<InjectedFailureStatus, { domain: string; reason: string; message: string }> = {
  // Google also throttles with 403: only its reason tells it from missing rights.
  403: { domain: 'usageLimits', reason: 'userRateLimitExceeded', message: 'User Rate Limit Exceeded' },
  429: { domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' },
  500: { domain: 'global', reason: 'backendError', message: 'Backend Error' },
  503: { domain: 'global', reason: 'backendError', message: 'The service is currently unavailable.' },
};
