import { calendarFeedResponse, calendarFeedSecretParams, saveCalendarFeedInput } from '../schemas/calendar-feed.js';
import { workspaceIdParams } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

/** The private calendar feed of a workspace's tasks (issue 39): part of the route table (shared/routes.ts). */
export const calendarFeedRoutes = namedRoutes({
  GetCalendarFeed: {
    method: 'GET', path: '/workspaces/{workspaceId}/calendar-feed', handler: 'functions/http/calendar-feed/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: calendarFeedResponse,
  },
  SaveCalendarFeed: {
    method: 'PUT', path: '/workspaces/{workspaceId}/calendar-feed', handler: 'functions/http/calendar-feed/save', auth: 'user', dataAccess: 'write', status: 200,
    params: workspaceIdParams, body: saveCalendarFeedInput, response: calendarFeedResponse,
  },
  DeleteCalendarFeed: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/calendar-feed', handler: 'functions/http/calendar-feed/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: workspaceIdParams,
  },
  // Read by calendar apps (Google, Apple, Outlook), which carry no sign-in: the secret in the path is the access.
  ServeCalendarFeed: {
    method: 'GET', path: '/calendar-feeds/{secret}', handler: 'functions/http/calendar-feed/serve', auth: 'public', dataAccess: 'read', status: 200, protocol: 'icalendar',
    params: calendarFeedSecretParams,
  },
});
