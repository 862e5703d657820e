import { ApiError } from './api-client';

/** What a dialog shows for a failed write: a message for the form and the server's messages per field. */
export interface WriteError {
  readonly message: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** A stale version (409): the item is being reloaded, so the form shows the other person's write next. */
export const CONFLICT_MESSAGE = 'Someone else changed this in the meantime. The latest version has been loaded; check it and try again.';
/** An open edit form took in what someone else just saved (the fields the user had not changed). */
export const UPDATED_BY_OTHERS = 'Someone else just saved changes to this. They are shown here; anything you changed is kept.';
export const VALIDATION_MESSAGE = 'Please correct the highlighted fields.';

/** Turns a failed write into the dialog's message and field errors (the first message per field wins). */
export function writeError(error: unknown, fallback: string): WriteError {
  if (!(error instanceof ApiError)) return { message: fallback, fields: {} };
  if (error.status === 409) return { message: CONFLICT_MESSAGE, fields: {} };
  const fields: Record<string, string> = {};
  for (const { field, message } of error.fields) fields[field] ??= message;
  if (error.status === 400 && Object.keys(fields).length > 0) return { message: VALIDATION_MESSAGE, fields };
  return { message: error.status === 0 || error.status >= 500 ? fallback : error.message, fields };
}
