/** HTTP endpoints: each request of Google's token, revoke, userinfo, consent and Calendar v3 paths to its answer. */
import { CalendarService } from './calendar.js';
import { ApiError, badRequest, INJECTED_FAILURES, OAuthError, PageError } from './errors.js';
import { CALENDAR_LIST_READ, type ClientCredentials, EMAIL_SCOPE, EVENTS_READ, EVENTS_WRITE, OAuthService, PROFILE_SCOPE, readAuthorizationRequest, requireScope } from './oauth.js';
import { consentPage, errorPage, eventPage } from './pages.js';
import { type Call, htmlReply, jsonReply, redirectReply, type Reply } from './replies.js';
import type { InjectedFailure, TestAccount } from './types.js';

export interface World {
  readonly url: string;
  readonly client: ClientCredentials;
  /** The test accounts, and those added through the control since the start. */
  readonly accounts: TestAccount[];
  readonly oauth: OAuthService;
  readonly calendars: CalendarService;
  readonly requests: { method: string; path: string; status?: number }[];
  /** Failures the next Calendar API requests answer with, first one next. */
  readonly failures: InjectedFailure[];
}

export function errorReply(error: unknown): Reply {
  if (error instanceof ApiError) return error.reply();
  if (error instanceof OAuthError) return jsonReply(error.status, { error: error.code, error_description: error.description });
  if (error instanceof PageError) return htmlReply(error.status, errorPage(error));
  console.error('Google stand-in:', error);
  return new ApiError(500, 'backendError', 'Backend Error').reply();
}

function parseJsonBody(body: Buffer): unknown {
  try {
    return body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as unknown);
  } catch {
    throw badRequest('parseError', 'Parse Error');
  }
}

/** `Authorization: Basic base64(urlencoded id : urlencoded secret)`, as RFC 6749 §2.3.1 has it. */
function basicCredentials(authorization: string | undefined): (string | undefined)[] {
  const encoded = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return [];
  try {
    return Buffer.from(encoded, 'base64').toString('utf8').split(':').map(decodeURIComponent);
  } catch {
    throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  }
}

/** The token endpoint's form; the client may authenticate in it or with HTTP Basic (ClientSecretBasic). */
function readTokenRequest(client: ClientCredentials, call: Call): { clientId: string; form: URLSearchParams } {
  if (!(call.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError(400, 'invalid_request', 'Invalid content type; expected application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(call.body.toString('utf8'));
  const [basicId, basicSecret] = basicCredentials(call.headers.authorization);
  const clientId = basicId ?? form.get('client_id');
  const clientSecret = basicSecret ?? form.get('client_secret');
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'Could not determine client ID from request.');
  if (clientId !== client.clientId) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
  if (clientSecret !== client.clientSecret) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  return { clientId, form };
}

function tokenEndpoint(world: World, call: Call): Reply {
  const { clientId, form } = readTokenRequest(world.client, call);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return jsonReply(200, world.oauth.exchangeCode(clientId, form));
  if (grantType === 'refresh_token') return jsonReply(200, world.oauth.refresh(clientId, form));
  throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** The app posts the token in a form; Google (and google-auth-library) also take it in the query string. */
function revokeEndpoint(world: World, call: Call): Reply {
  const token = call.url.searchParams.get('token') ?? new URLSearchParams(call.body.toString('utf8')).get('token');
  if (!token) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: token');
  world.oauth.revoke(token);
  return jsonReply(200, {});
}

/** OAuth2 v2 userinfo: the fields the granted scopes allow (no picture: no remote image hosts locally). */
function userinfoEndpoint(world: World, call: Call): Reply {
  const grant = world.oauth.authenticate(call.headers.authorization);
  requireScope(grant, ['openid', EMAIL_SCOPE, PROFILE_SCOPE]);
  const { account, scopes: granted } = grant;
  return jsonReply(200, {
    id: account.id,
    ...(granted.includes(EMAIL_SCOPE) ? { email: account.email, verified_email: true } : {}),
    ...(granted.includes(PROFILE_SCOPE) ? { name: account.name, given_name: account.givenName, family_name: account.familyName } : {}),
  });
}

function authorizeEndpoint(world: World, call: Call): Reply {
  return htmlReply(200, consentPage(readAuthorizationRequest(world.client, call.url.searchParams), world.accounts));
}

function approveEndpoint(world: World, call: Call): Reply {
  const query = call.url.searchParams;
  const request = readAuthorizationRequest(world.client, query);
  if (query.has('cancel')) return redirectReply(request.redirectUri, { error: 'access_denied', state: request.state });
  const account = world.accounts.find((candidate) => candidate.email === query.get('account'));
  if (!account) throw new PageError(400, 'invalid_request', 'Choose one of the test accounts.');
  const code = world.oauth.issueCode(request, account);
  return redirectReply(request.redirectUri, { code, scope: request.scopes.join(' '), state: request.state });
}

function unsupported(call: Call): ApiError {
  return new ApiError(404, 'notFound', `${call.method} ${call.url.pathname} is not implemented by the local Google stand-in.`);
}

function decodeSegments(path: string): string[] {
  try {
    return path.split('/').map(decodeURIComponent);
  } catch {
    throw badRequest('invalid', 'Malformed path.');
  }
}

function eventsEndpoint(world: World, call: Call, calendarId: string, eventId: string | undefined): Reply {
  const { method } = call;
  const grant = world.oauth.authenticate(call.headers.authorization);
  requireScope(grant, method === 'GET' ? EVENTS_READ : EVENTS_WRITE);
  const calendars = world.calendars;
  const record = calendars.calendarFor(grant.account, calendarId);
  if (method !== 'GET') calendars.requireWriter(record);
  if (eventId === undefined) {
    if (method === 'GET') return jsonReply(200, calendars.list(record, call.url.searchParams));
    if (method === 'POST') return jsonReply(200, calendars.insert(record, parseJsonBody(call.body)));
    throw unsupported(call);
  }
  switch (method) {
    case 'GET':
      return jsonReply(200, calendars.get(record, eventId));
    case 'PATCH':
      return jsonReply(200, calendars.patch(record, eventId, parseJsonBody(call.body)));
    case 'PUT':
      return jsonReply(200, calendars.update(record, eventId, parseJsonBody(call.body)));
    case 'DELETE':
      calendars.remove(record, eventId);
      return { status: 204 };
    default:
      throw unsupported(call);
  }
}

const CALENDAR_PREFIX = '/calendar/v3/';

function calendarEndpoint(world: World, call: Call): Reply {
  // Injected failures come first, like Google's front end throttling before anything else.
  const index = world.failures.findIndex((failure) => failure.method === undefined || failure.method === call.method);
  const failure = index < 0 ? undefined : world.failures.splice(index, 1)[0];
  if (failure) {
    const { domain, reason, message } = INJECTED_FAILURES[failure.status];
    throw new ApiError(failure.status, reason, message, { domain });
  }
  const segments = decodeSegments(call.url.pathname.slice(CALENDAR_PREFIX.length));
  const [collection, calendarId, resource, eventId, ...rest] = segments;
  if (collection === 'users' && calendarId === 'me' && resource === 'calendarList' && segments.length === 3 && call.method === 'GET') {
    const grant = world.oauth.authenticate(call.headers.authorization);
    requireScope(grant, CALENDAR_LIST_READ);
    return jsonReply(200, world.calendars.calendarList(grant.account));
  }
  if (collection === 'calendars' && calendarId && resource === 'events' && rest.length === 0 && eventId !== '') {
    return eventsEndpoint(world, call, calendarId, eventId);
  }
  throw unsupported(call);
}

export function route(world: World, call: Call): Reply {
  const { method, url } = call;
  if (url.pathname.startsWith(CALENDAR_PREFIX)) return calendarEndpoint(world, call);
  switch (`${method} ${url.pathname}`) {
    case 'GET /o/oauth2/v2/auth':
      return authorizeEndpoint(world, call);
    case 'GET /o/oauth2/v2/approve':
      return approveEndpoint(world, call);
    case 'POST /token':
      return tokenEndpoint(world, call);
    case 'POST /revoke':
      return revokeEndpoint(world, call);
    case 'GET /oauth2/v2/userinfo':
      return userinfoEndpoint(world, call);
    case 'GET /calendar/event':
      return htmlReply(200, eventPage(world.calendars.findByLink(url.searchParams.get('eid') ?? '')));
    default:
      throw unsupported(call);
  }
}
