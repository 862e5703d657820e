import * as z from 'zod/mini';
import { resourceId } from './ids.js';

/**
 * The private calendar feed (issue 39): an iCalendar address of a workspace's open tasks with due dates,
 * the user's own ('mine', assigned to them) or every one ('workspace'). Its secret is the address's last
 * part; whoever has it can read the feed, so it can be reset (the old address answers 404) or turned off.
 */
export const calendarFeedScopes = ['mine', 'workspace'] as const;
export type CalendarFeedScope = (typeof calendarFeedScopes)[number];

export const calendarFeedView = z.object({
  /** The secret: the feed is served at `<api>/calendar-feeds/<secret>`. */
  secret: z.string(),
  scope: z.enum(calendarFeedScopes),
  createdAt: z.string(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedView>;

export const calendarFeedResponse = z.object({ feed: z.nullable(calendarFeedView) });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

export const saveCalendarFeedInput = z.object({
  scope: z.enum(calendarFeedScopes, { error: 'Scope must be mine or workspace' }),
  /** A new secret (the old address stops working); the first save always makes one. */
  newSecret: z.optional(z.boolean({ error: 'New secret must be true or false' })),
});
export type SaveCalendarFeedInput = z.infer<typeof saveCalendarFeedInput>;

export const calendarFeedSecretParams = z.object({ secret: resourceId() });

/** The path of a feed under the API's address. */
export const calendarFeedPath = (secret: string) => `/calendar-feeds/${secret}`;
