import { getCalendarFeedFor } from '../../domain/calendar-feeds.js';
import { routeHandler } from '../../lib/http-handler.js';
import { calendarFeedRoutes } from '../../../shared/routes/calendar-feed.js';

/** Settings → Calendar feed: the caller's feed of this workspace, if it is on. */
export const handler = routeHandler(calendarFeedRoutes.GetCalendarFeed, async ({ caller, params }) => ({ feed: await getCalendarFeedFor(caller, params.workspaceId) }));
