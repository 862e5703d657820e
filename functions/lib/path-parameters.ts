import { BadRequestError } from './errors.js';

export function requiredPathParameter(parameters: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value === '') {
    throw new BadRequestError(`${name} is required`, [{ field: name, message: 'Required' }]);
  }
  return value;
}
