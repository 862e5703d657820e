import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldErrorsOf, invalidBodyMessage } from '../../shared/schemas/field-errors.js';
import { BadRequestError } from './errors.js';

interface EventWithBody {
  body?: string;
  isBase64Encoded?: boolean;
}

/** Validates `value`; every problem becomes a 400 naming the field and the reason. */
export function parseWithSchema<TSchema extends $ZodType>(value: unknown, schema: TSchema): output<TSchema> {
  const result = safeParse(schema, value);
  if (!result.success) {
    const fields = fieldErrorsOf(result.error);
    throw new BadRequestError(invalidBodyMessage(fields), fields);
  }
  return result.data;
}

/** Parses the JSON body and validates it; a missing or malformed body is a 400 on `body`. */
export function parseJsonBody<TSchema extends $ZodType>(event: EventWithBody, schema: TSchema): output<TSchema> {
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  let json: unknown;
  try {
    json = raw === undefined || raw === '' ? undefined : JSON.parse(raw);
  } catch {
    throw new BadRequestError('Request body must be valid JSON', [{ field: 'body', message: 'Invalid JSON' }]);
  }
  if (json === undefined) {
    throw new BadRequestError('Request body is required', [{ field: 'body', message: 'Required' }]);
  }
  return parseWithSchema(json, schema);
}
