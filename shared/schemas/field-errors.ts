import type { $ZodError } from 'zod/v4/core';

/** One problem with a request body, as a 400 answer lists it (`apiErrorBody.fields`). */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** A schema's issues named as the API names fields: the path joined with '.', or 'body' for the whole. */
export function fieldErrorsOf(error: $ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : 'body',
    message: issue.message,
  }));
}

/** The 400 answer's `error` text: its first field problem. */
export function invalidBodyMessage(fields: readonly FieldError[]): string {
  return fields[0] ? `${fields[0].field}: ${fields[0].message}` : 'Invalid request body';
}
