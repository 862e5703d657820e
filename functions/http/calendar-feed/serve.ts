import { calendarDocumentOf, FEED_MAX_AGE_SECONDS } from '../../domain/calendar-feeds.js';
import { compressResponse } from '../../lib/compress-response.js';
import { routeStack } from '../../lib/http-handler.js';
import { parseWithSchema } from '../../lib/parse-body.js';
import { calendarFeedRoutes } from '../../../shared/routes/calendar-feed.js';

const route = calendarFeedRoutes.ServeCalendarFeed;

/**
 * GET /calendar-feeds/{secret}: the iCalendar document calendar apps subscribe to. Cached privately for a
 * few minutes, with an ETag so that an app asking again for the same tasks gets 304 and no body.
 */
export const handler = routeStack(route).handler(async (event) => {
  const { secret } = parseWithSchema(event.pathParameters ?? {}, route.params);
  const document = await calendarDocumentOf(secret);
  const caching = { 'cache-control': `private, max-age=${FEED_MAX_AGE_SECONDS}`, etag: document.etag };
  if (event.headers['if-none-match'] === document.etag) return { statusCode: 304, headers: caching };
  return compressResponse({ statusCode: 200, headers: { 'content-type': 'text/calendar; charset=utf-8', ...caching }, body: document.text }, event.headers);
});
