import { deleteCalendarFeedFor } from '../../domain/calendar-feeds.js';
import { routeHandler } from '../../lib/http-handler.js';
import { calendarFeedRoutes } from '../../../shared/routes/calendar-feed.js';

/** Turns the caller's feed off: its address answers 404 from now on. */
export const handler = routeHandler(calendarFeedRoutes.DeleteCalendarFeed, ({ caller, params }) => deleteCalendarFeedFor(caller, params.workspaceId));
