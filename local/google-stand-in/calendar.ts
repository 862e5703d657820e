/** Calendars and events: the Calendar v3 list, read, write and sync-token rules per test account. */
import { createHash } from 'node:crypto';
import { ApiError, badRequest, notFound } from './errors.js';
import { applyEventInput, type EventFields, eventSpan, fieldsOf, isRecord, readEventId } from './event-input.js';
import { randomToken } from './oauth.js';
import { SEED_EVENTS, type SeedEvent, seedTimes } from './seed.js';
import { rfc3339 } from './time.js';
import type { CalendarAccessRole, CalendarEvent, TestAccount, TestCalendar } from './types.js';

interface StoredEvent {
  readonly event: CalendarEvent;
  readonly startMs: number;
  readonly endMs: number;
  /** Position in the instance-wide change sequence; sync tokens remember the last one they saw. */
  readonly changeSeq: number;
}

export interface CalendarRecord {
  readonly calendar: TestCalendar;
  readonly owner: TestAccount;
  readonly events: Map<string, StoredEvent>;
  /** Changed by the test controls ('none': no longer shared with the account). */
  accessRole: CalendarAccessRole | 'none';
}

/** Where a paged listing stands: the ids fixed by its first page, and the change mark its sync token gets. */
interface ListCursor {
  readonly calendarId: string;
  readonly eventIds: readonly string[];
  readonly offset: number;
  readonly mark: number;
}

const DEFAULT_PAGE_SIZE = 250;
const MAX_PAGE_SIZE = 2500;
/** Google refuses these beside a syncToken: the token already fixes what is listed. */
const SYNC_INCOMPATIBLE = ['timeMin', 'timeMax', 'privateExtendedProperty', 'sharedExtendedProperty', 'q', 'orderBy', 'updatedMin', 'iCalUID'];
const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

type EventOrder = (a: StoredEvent, b: StoredEvent) => number;
const byStart: EventOrder = (a, b) => a.startMs - b.startMs || a.event.id.localeCompare(b.event.id);
const byChange: EventOrder = (a, b) => a.changeSeq - b.changeSeq;

/** What a listing shows of an event: deleted ones as Google shows them, by id and status only. */
function listed(stored: StoredEvent): CalendarEvent | Pick<CalendarEvent, 'kind' | 'etag' | 'id' | 'status'> {
  const { event } = stored;
  return event.status === 'cancelled' ? { kind: event.kind, etag: event.etag, id: event.id, status: 'cancelled' } : structuredClone(event);
}

function readMaxResults(query: URLSearchParams): number {
  const raw = query.get('maxResults');
  if (raw === null) return DEFAULT_PAGE_SIZE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw badRequest('invalid', `Invalid value '${raw}'. Values must be within the range: [1, 2500]`, 'maxResults');
  return Math.min(value, MAX_PAGE_SIZE);
}

function readTimeBound(query: URLSearchParams, name: 'timeMin' | 'timeMax'): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const ms = RFC3339_WITH_OFFSET.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest('badRequest', 'Bad Request', name);
  return ms;
}

function readPropertyFilters(values: string[]): [string, string][] {
  return values.map((value) => {
    const separator = value.indexOf('=');
    if (separator <= 0) throw badRequest('invalid', `Invalid value for: privateExtendedProperty (${value})`, 'privateExtendedProperty');
    return [value.slice(0, separator), value.slice(separator + 1)];
  });
}

function readOrder(query: URLSearchParams): EventOrder {
  const orderBy = query.get('orderBy');
  if (orderBy === null) return byStart;
  if (orderBy === 'updated') return byChange;
  if (orderBy !== 'startTime') throw badRequest('invalid', 'Invalid value for: orderBy', 'orderBy');
  if (query.get('singleEvents') !== 'true') throw badRequest('badRequest', 'The requested ordering is not available for the particular query.', 'orderBy');
  return byStart;
}

/** `?eid=` of an event's htmlLink: base64url of "eventId calendarId", as in Google's links. */
const eventLinkId = (eventId: string, calendarId: string): string => Buffer.from(`${eventId} ${calendarId}`).toString('base64url');

export class CalendarService {
  readonly #records = new Map<string, CalendarRecord>();
  readonly #syncTokens = new Map<string, { readonly calendarId: string; readonly mark: number }>();
  readonly #cursors = new Map<string, ListCursor>();
  #changeSeq = 0;

  constructor(
    accounts: readonly TestAccount[],
    private readonly now: () => number,
    private readonly baseUrl: string,
  ) {
    for (const owner of accounts) this.addAccount(owner);
  }

  /** The account's calendars, with their seed events. */
  addAccount(owner: TestAccount): void {
    for (const calendar of owner.calendars) {
      const record: CalendarRecord = { calendar, owner, events: new Map(), accessRole: calendar.accessRole ?? 'owner' };
      this.#records.set(calendar.id, record);
      (SEED_EVENTS[calendar.id] ?? []).forEach((seed, index) => this.#seed(record, seed, index));
    }
  }

  /** The account's calendar (`primary` included); any other calendar is a 404, as at Google. */
  calendarFor(account: TestAccount, calendarId: string): CalendarRecord {
    const id = calendarId === 'primary' ? account.calendars.find((calendar) => calendar.primary)?.id : calendarId;
    const record = id === undefined ? undefined : this.#records.get(id);
    if (!record || record.owner !== account || record.accessRole === 'none') throw notFound();
    return record;
  }

  /** Google's answer to an insert, patch or delete in a calendar the account may only read. */
  requireWriter(record: CalendarRecord): void {
    if (record.accessRole !== 'owner' && record.accessRole !== 'writer') {
      throw new ApiError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.', { domain: 'calendar' });
    }
  }

  /** Any calendar, for the test controls. */
  record(calendarId: string): CalendarRecord {
    const record = this.#records.get(calendarId);
    if (!record) throw new Error(`No calendar ${calendarId} in the Google stand-in`);
    return record;
  }

  /** The account's calendars with its role in each; one no longer shared with it is not listed. */
  calendarList(account: TestAccount): object {
    const etag = `"${this.#changeSeq}"`;
    const shared = account.calendars.flatMap((calendar) => {
      const accessRole = this.#records.get(calendar.id)?.accessRole ?? 'none';
      return accessRole === 'none' ? [] : [{ calendar, accessRole }];
    });
    return {
      kind: 'calendar#calendarList',
      etag,
      items: shared.map(({ calendar, accessRole }) => ({
        kind: 'calendar#calendarListEntry',
        etag,
        id: calendar.id,
        summary: calendar.summary,
        ...(calendar.description ? { description: calendar.description } : {}),
        timeZone: 'UTC',
        backgroundColor: calendar.backgroundColor,
        foregroundColor: '#000000',
        selected: true,
        accessRole,
        defaultReminders: [],
        ...(calendar.primary ? { primary: true } : {}),
      })),
    };
  }

  list(record: CalendarRecord, query: URLSearchParams): object {
    const maxResults = readMaxResults(query);
    const pageToken = query.get('pageToken');
    const syncToken = query.get('syncToken');
    const cursor = pageToken
      ? this.#continued(record, pageToken)
      : syncToken
        ? this.#incremental(record, syncToken, query)
        : this.#full(record, query);
    return this.#page(record, cursor, maxResults);
  }

  get(record: CalendarRecord, eventId: string): CalendarEvent {
    return structuredClone(this.#existing(record, eventId).event);
  }

  insert(record: CalendarRecord, body: unknown): CalendarEvent {
    const id = readEventId(isRecord(body) ? body.id : undefined);
    // Ids stay taken after a delete, as at Google.
    if (record.events.has(id)) throw new ApiError(409, 'duplicate', 'The requested identifier already exists.');
    return this.#write(record, id, applyEventInput(body, { status: 'confirmed' }, 'replace'));
  }

  update(record: CalendarRecord, eventId: string, body: unknown): CalendarEvent {
    const previous = this.#existing(record, eventId).event;
    return this.#write(record, eventId, applyEventInput(body, { status: 'confirmed' }, 'replace'), previous);
  }

  patch(record: CalendarRecord, eventId: string, body: unknown): CalendarEvent {
    const previous = this.#existing(record, eventId).event;
    return this.#write(record, eventId, applyEventInput(body, fieldsOf(previous), 'merge'), previous);
  }

  /** Deleting keeps the event as cancelled, so incremental syncs report it; a second delete is 410. */
  remove(record: CalendarRecord, eventId: string): void {
    const previous = this.#existing(record, eventId).event;
    if (previous.status === 'cancelled') throw new ApiError(410, 'deleted', 'Resource has been deleted');
    this.#write(record, eventId, { ...fieldsOf(previous), status: 'cancelled' }, previous);
  }

  events(calendarId: string): CalendarEvent[] {
    return [...this.record(calendarId).events.values()].sort(byStart).map((stored) => structuredClone(stored.event));
  }

  expireSyncTokens(): void {
    this.#syncTokens.clear();
  }

  /** The event behind an htmlLink's `eid`, for the local event page. */
  findByLink(eid: string): { record: CalendarRecord; event: CalendarEvent } | undefined {
    const [eventId = '', calendarId = ''] = Buffer.from(eid, 'base64url').toString('utf8').split(' ');
    const record = this.#records.get(calendarId);
    const stored = record?.events.get(eventId);
    return record && stored ? { record, event: structuredClone(stored.event) } : undefined;
  }

  #existing(record: CalendarRecord, eventId: string): StoredEvent {
    const stored = record.events.get(eventId);
    if (!stored) throw notFound();
    return stored;
  }

  #seed(record: CalendarRecord, seed: SeedEvent, index: number): void {
    // Stable ids (hex is base32hex), so a restarted stand-in shows the same events.
    const id = createHash('sha256').update(`${record.calendar.id}#${index}`).digest('hex').slice(0, 26);
    const times = seedTimes(seed, this.now());
    this.#write(record, id, { status: 'confirmed', summary: seed.summary, description: seed.description, ...times });
  }

  #write(record: CalendarRecord, id: string, fields: EventFields, previous?: CalendarEvent): CalendarEvent {
    const { startMs, endMs } = eventSpan(fields);
    const changeSeq = ++this.#changeSeq;
    const updated = rfc3339(this.now());
    const { calendar, owner } = record;
    const timesChanged = previous && JSON.stringify([previous.start, previous.end]) !== JSON.stringify([fields.start, fields.end]);
    const event: CalendarEvent = {
      kind: 'calendar#event',
      etag: `"${changeSeq}"`,
      id,
      status: fields.status,
      htmlLink: `${this.baseUrl}/calendar/event?eid=${eventLinkId(id, calendar.id)}`,
      created: previous?.created ?? updated,
      updated,
      ...(fields.summary !== undefined ? { summary: fields.summary } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.location !== undefined ? { location: fields.location } : {}),
      creator: { email: owner.email, self: true },
      organizer: { email: calendar.id, ...(calendar.primary ? {} : { displayName: calendar.summary }), self: true },
      start: fields.start ?? {},
      end: fields.end ?? {},
      iCalUID: `${id}@google.com`,
      sequence: (previous?.sequence ?? 0) + (timesChanged ? 1 : 0),
      ...(fields.privateProperties ? { extendedProperties: { private: fields.privateProperties } } : {}),
      eventType: 'default',
    };
    record.events.set(id, { event, startMs, endMs, changeSeq });
    return structuredClone(event);
  }

  /** A full listing: events overlapping [timeMin, timeMax) that carry every requested private property. */
  #full(record: CalendarRecord, query: URLSearchParams): ListCursor {
    const timeMin = readTimeBound(query, 'timeMin');
    const timeMax = readTimeBound(query, 'timeMax');
    if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
      throw badRequest('timeRangeEmpty', 'The specified time range is empty.', 'timeMax');
    }
    const showDeleted = query.get('showDeleted') === 'true';
    const filters = readPropertyFilters(query.getAll('privateExtendedProperty'));
    const order = readOrder(query);
    const matches = [...record.events.values()].filter(
      ({ event, startMs, endMs }) =>
        (showDeleted || event.status !== 'cancelled') &&
        (timeMin === undefined || endMs > timeMin) &&
        (timeMax === undefined || startMs < timeMax) &&
        filters.every(([key, value]) => event.extendedProperties?.private[key] === value),
    );
    return this.#cursor(record, matches.sort(order));
  }

  /** Every event of the calendar changed since the token, deleted ones included, oldest change first. */
  #incremental(record: CalendarRecord, syncToken: string, query: URLSearchParams): ListCursor {
    const conflicting = SYNC_INCOMPATIBLE.filter((name) => query.has(name));
    if (conflicting.length > 0) {
      throw badRequest('invalid', `syncToken cannot be combined with ${conflicting.join(', ')}.`, conflicting[0]);
    }
    const sync = this.#syncTokens.get(syncToken);
    if (!sync || sync.calendarId !== record.calendar.id) {
      throw new ApiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', { domain: 'calendar' });
    }
    const changed = [...record.events.values()].filter((stored) => stored.changeSeq > sync.mark);
    return this.#cursor(record, changed.sort(byChange));
  }

  #continued(record: CalendarRecord, pageToken: string): ListCursor {
    const cursor = this.#cursors.get(pageToken);
    if (!cursor || cursor.calendarId !== record.calendar.id) throw badRequest('invalid', 'Invalid page token value.', 'pageToken');
    return cursor;
  }

  /** The ids are fixed on the first page; changes made while paging reach the next incremental sync. */
  #cursor(record: CalendarRecord, events: StoredEvent[]): ListCursor {
    return { calendarId: record.calendar.id, eventIds: events.map((stored) => stored.event.id), offset: 0, mark: this.#changeSeq };
  }

  #page(record: CalendarRecord, cursor: ListCursor, maxResults: number): object {
    const end = cursor.offset + maxResults;
    const items = cursor.eventIds
      .slice(cursor.offset, end)
      .flatMap((id) => {
        const stored = record.events.get(id);
        return stored ? [listed(stored)] : [];
      });
    const next = end < cursor.eventIds.length ? { nextPageToken: this.#remember(this.#cursors, { ...cursor, offset: end }) } : undefined;
    return {
      kind: 'calendar#events',
      etag: `"${this.#changeSeq}"`,
      summary: record.calendar.summary,
      ...(record.calendar.description ? { description: record.calendar.description } : {}),
      updated: rfc3339(this.now()),
      timeZone: 'UTC',
      accessRole: record.accessRole,
      defaultReminders: [],
      ...(next ?? { nextSyncToken: this.#remember(this.#syncTokens, { calendarId: cursor.calendarId, mark: cursor.mark }) }),
      items,
    };
  }

  #remember<T>(store: Map<string, T>, value: T): string {
    const token = randomToken(18);
    store.set(token, value);
    return token;
  }
}
