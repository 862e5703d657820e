import { saveCalendarFeedFor } from '../../domain/calendar-feeds.js';
import { routeHandler } from '../../lib/http-handler.js';
import { calendarFeedRoutes } from '../../../shared/routes/calendar-feed.js';

/** Turns the caller's feed on, changes what it holds, or resets its secret. */
export const handler = routeHandler(calendarFeedRoutes.SaveCalendarFeed, async ({ caller, params, body }) => ({ feed: await saveCalendarFeedFor(caller, params.workspaceId, body) }));
