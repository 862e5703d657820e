import type { z } from 'zod';
import { BadRequestError } from './errors.js';

interface EventWithBody {
  body?: string;
  isBase64Encoded?: boolean;
}

/** Parses the JSON body and validates it; every problem becomes a 400 naming the field and the reason. */
export function parseJsonBody<TSchema extends z.ZodType>(event: EventWithBody, schema: TSchema): z.output<TSchema> {
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
  const result = schema.safeParse(json);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'body',
      message: issue.message,
    }));
    throw new BadRequestError(fields[0] ? `${fields[0].field}: ${fields[0].message}` : 'Invalid request body', fields);
  }
  return result.data;
}
