/** Event input validation: the Calendar API's rules for start, end, ids and properties. */
import { randomUUID } from 'node:crypto';
import { isValidTimeZone } from '../../shared/rules/time-zones.js';
import { ApiError, badRequest } from './errors.js';
import { parseDate, parseDateTime } from './time.js';
import type { CalendarEvent, EventDateTime, EventStatus } from './types.js';

export interface EventFields {
  status: EventStatus;
  summary?: string;
  description?: string;
  location?: string;
  start?: EventDateTime;
  end?: EventDateTime;
  privateProperties?: Record<string, string>;
}

const TEXT_FIELDS = ['summary', 'description', 'location'] as const;
const EVENT_ID_PATTERN = /^[a-v0-9]{5,1024}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const invalidValue = (field: string): ApiError => badRequest('invalid', `Invalid value for: ${field}`);

export function readEventId(value: unknown): string {
  if (value === undefined || value === null) return randomUUID().replaceAll('-', ''); // hex is base32hex
  if (typeof value !== 'string' || !EVENT_ID_PATTERN.test(value)) throw badRequest('invalid', 'Invalid resource id value.');
  return value;
}

function readDateTime(value: unknown, which: 'start' | 'end'): EventDateTime {
  if (!isRecord(value)) throw invalidValue(which);
  const result: EventDateTime = {};
  for (const key of ['date', 'dateTime', 'timeZone'] as const) {
    const field = value[key];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string') throw invalidValue(`${which}.${key}`);
    result[key] = field;
  }
  return result;
}

/** `extendedProperties.private`: replaced on insert/update, merged on patch (a null value removes a key). */
function readPrivateProperties(value: unknown, current: Record<string, string> | undefined, merge: boolean): Record<string, string> | undefined {
  if (value === null) return undefined;
  if (!isRecord(value)) throw invalidValue('extendedProperties');
  if (!('private' in value)) return merge ? current : undefined;
  if (value.private === null) return undefined;
  if (!isRecord(value.private)) throw invalidValue('extendedProperties.private');
  const properties = new Map(Object.entries(merge ? (current ?? {}) : {}));
  for (const [key, property] of Object.entries(value.private)) {
    if (property === null) properties.delete(key);
    else if (typeof property === 'string') properties.set(key, property);
    else throw invalidValue(`extendedProperties.private.${key}`);
  }
  return properties.size > 0 ? Object.fromEntries(properties) : undefined;
}

/** A request body applied over `base`: patch merges, insert and update replace. */
export function applyEventInput(body: unknown, base: EventFields, mode: 'merge' | 'replace'): EventFields {
  if (!isRecord(body)) throw badRequest('parseError', 'Parse Error');
  const fields: EventFields = { ...base };
  for (const key of TEXT_FIELDS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value !== null && typeof value !== 'string') throw invalidValue(key);
    fields[key] = value ?? undefined;
  }
  if ('status' in body) {
    if (body.status !== 'confirmed' && body.status !== 'tentative') throw invalidValue('status');
    fields.status = body.status;
  }
  if ('start' in body) fields.start = readDateTime(body.start, 'start');
  if ('end' in body) fields.end = readDateTime(body.end, 'end');
  if ('extendedProperties' in body || mode === 'replace') {
    const value = 'extendedProperties' in body ? body.extendedProperties : {};
    fields.privateProperties = readPrivateProperties(value, base.privateProperties, mode === 'merge');
  }
  return fields;
}

function instantOf(time: EventDateTime | undefined, which: 'start' | 'end'): number {
  if (!time || (time.date === undefined && time.dateTime === undefined)) throw badRequest('required', `Missing ${which} time.`);
  if (time.timeZone !== undefined && !isValidTimeZone(time.timeZone)) throw badRequest('invalid', `Invalid time zone definition for ${which} time.`);
  if (time.date !== undefined && time.dateTime !== undefined) throw badRequest('invalid', `Invalid ${which} time.`);
  const ms = time.date !== undefined ? parseDate(time.date) : parseDateTime(time.dateTime ?? '', time.timeZone);
  if (ms === undefined) throw badRequest('invalid', `Invalid ${which} time.`);
  return ms;
}

/** The event's [start, end) as instants; Google's 400s for missing, mixed or empty ranges. */
export function eventSpan(fields: EventFields): { startMs: number; endMs: number } {
  const startMs = instantOf(fields.start, 'start');
  const endMs = instantOf(fields.end, 'end');
  if ((fields.start?.date === undefined) !== (fields.end?.date === undefined)) {
    throw badRequest('invalid', 'Start and end times must either both be date or both be dateTime.');
  }
  if (endMs <= startMs) throw badRequest('timeRangeEmpty', 'The specified time range is empty.');
  return { startMs, endMs };
}

export function fieldsOf(event: CalendarEvent): EventFields {
  const { status, summary, description, location, start, end } = event;
  return { status, summary, description, location, start, end, privateProperties: event.extendedProperties?.private };
}
