import { randomUUID } from 'node:crypto';

/** A new id that sorts by its time of creation (base 36, 10 digits) with a random part: comments, attachments. */
export function newTimeSortedId(now = Date.now()): string {
  return `${now.toString(36).padStart(10, '0')}-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}
