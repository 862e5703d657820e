import { NOT_AUTHENTICATED } from '../../shared/schemas/api-error.js';
import type { FieldError } from '../../shared/schemas/field-errors.js';

/**
 * Typed errors thrown by domain code. The HTTP error middleware turns them into responses; anything
 * else becomes a plain 500 whose details stay in the logs.
 */
export type { FieldError };

export abstract class HttpError extends Error {
  abstract readonly statusCode: number;

  toBody(): { error: string; fields?: FieldError[] } | { message: string } {
    return { error: this.message };
  }
}

export class BadRequestError extends HttpError {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'BadRequestError';
  }

  override toBody(): { error: string; fields?: FieldError[] } {
    return this.fields.length > 0 ? { error: this.message, fields: this.fields } : { error: this.message };
  }
}

/** A 400 naming one field and the reason. */
export function fieldError(field: string, message: string): BadRequestError {
  return new BadRequestError(`${field}: ${message}`, [{ field, message }]);
}

export class UnauthorizedError extends HttpError {
  readonly statusCode = 401;
  constructor(message = NOT_AUTHENTICATED) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/**
 * A credential that does not hold: API Gateway's own answer to a refused one, word for word, so that a
 * malformed, unknown, revoked or expired API token all look alike wherever they are refused.
 */
export class CredentialRefusedError extends HttpError {
  readonly statusCode = 401;
  constructor() {
    super('Unauthorized');
    this.name = 'CredentialRefusedError';
  }

  override toBody(): { message: string } {
    return { message: 'Unauthorized' };
  }
}

export class ForbiddenError extends HttpError {
  readonly statusCode = 403;
  constructor(message = 'You do not have permission to do this') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends HttpError {
  readonly statusCode = 404;
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends HttpError {
  readonly statusCode = 409;
  constructor(message = 'The item was changed by someone else; reload and try again') {
    super(message);
    this.name = 'ConflictError';
  }
}

/** An abuse limit was reached; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends HttpError {
  readonly statusCode = 429;
  constructor(
    message = 'Too many requests; try again later',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'TooManyRequestsError';
  }
}

/** A service the request needed (mail) failed; what the request would have saved was taken back. */
export class UpstreamError extends HttpError {
  readonly statusCode = 502;
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}
