import { BadRequestError } from './errors.js';

/**
 * Ids and addresses in paths become parts of DynamoDB keys, whose sort key may hold at most 1024 bytes.
 * Real ones are far shorter (UUIDs, Cognito subs, e-mail addresses of at most 254 characters); with this
 * bound even two of them in one key (a project's child) stay within the limit, so an over-long one is a
 * 400 here rather than a ValidationException (500) from the table.
 */
export const PATH_PARAMETER_MAX_BYTES = 256;

export function requiredPathParameter(parameters: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value === '') {
    throw new BadRequestError(`${name} is required`, [{ field: name, message: 'Required' }]);
  }
  if (Buffer.byteLength(value) > PATH_PARAMETER_MAX_BYTES) {
    const message = `Must be at most ${PATH_PARAMETER_MAX_BYTES} bytes`;
    throw new BadRequestError(`${name}: ${message}`, [{ field: name, message }]);
  }
  return value;
}
