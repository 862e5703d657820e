import { workspaceIdParams } from '../schemas/ids.js';
import {
  authUrlResponse,
  connectGoogleAccountInput,
  createGoogleEventInput,
  googleAccountParams,
  googleAccountResponse,
  googleAccountsResponse,
  googleEventResponse,
  googleEventsResponse,
  listGoogleEventsQuery,
  saveCalendarSettingsInput,
} from '../schemas/google-calendar.js';
import { namedRoutes } from './contract.js';

/** Google Calendar: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const googleCalendarRoutes = namedRoutes({
  // Google Calendar: the caller's own connected accounts in the workspace (spec pages §7 google-calendar-*).
  // A GET that writes: it stores the OAuth state the connect call later takes.
  GetGoogleAuthUrl: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/auth-url', handler: 'functions/http/google-calendar/auth-url', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 200, params: workspaceIdParams, response: authUrlResponse,
  },
  ConnectGoogleAccount: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/accounts', handler: 'functions/http/google-calendar/connect', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 201, params: workspaceIdParams, body: connectGoogleAccountInput, response: googleAccountResponse,
  },
  ListGoogleAccounts: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/accounts', handler: 'functions/http/google-calendar/list-accounts', auth: 'user', dataAccess: 'read',
    status: 200, params: workspaceIdParams, response: googleAccountsResponse,
  },
  DisconnectGoogleAccount: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/google-calendar/accounts/{accountId}', handler: 'functions/http/google-calendar/disconnect',
    auth: 'user', dataAccess: 'write', usesGoogle: 'revocation', status: 204, params: googleAccountParams,
  },
  SaveGoogleCalendarSettings: {
    method: 'PUT', path: '/workspaces/{workspaceId}/google-calendar/accounts/{accountId}/calendars',
    handler: 'functions/http/google-calendar/save-settings', auth: 'user', dataAccess: 'write', usesGoogle: true, status: 200, params: googleAccountParams,
    body: saveCalendarSettingsInput, response: googleAccountResponse,
  },
  SyncGoogleCalendar: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/sync', handler: 'functions/http/google-calendar/sync', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 200, params: workspaceIdParams, response: googleAccountsResponse,
  },
  ListGoogleEvents: {
    method: 'GET', path: '/workspaces/{workspaceId}/google-calendar/events', handler: 'functions/http/google-calendar/list-events', auth: 'user', dataAccess: 'read',
    status: 200, params: workspaceIdParams, query: listGoogleEventsQuery, response: googleEventsResponse,
  },
  CreateGoogleEvent: {
    method: 'POST', path: '/workspaces/{workspaceId}/google-calendar/events', handler: 'functions/http/google-calendar/create-event', auth: 'user', dataAccess: 'write',
    usesGoogle: true, status: 201, params: workspaceIdParams, body: createGoogleEventInput, response: googleEventResponse,
  },
});
