/** OAuth: authorization codes, grants, access and refresh tokens. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError, type ErrorLocation, insufficientScopes, OAuthError, PageError } from './errors.js';
import { MINUTE_MS } from './time.js';
import type { TestAccount } from './types.js';

const CODE_LIFETIME_MS = 10 * MINUTE_MS;
const ACCESS_TOKEN_LIFETIME_S = 3600;

const AUTH_SCOPE = 'https://www.googleapis.com/auth/';
export const EMAIL_SCOPE = `${AUTH_SCOPE}userinfo.email`;
export const PROFILE_SCOPE = `${AUTH_SCOPE}userinfo.profile`;
const scopes = (...names: string[]): string[] => names.map((name) => AUTH_SCOPE + name);
export const CALENDAR_LIST_READ = scopes('calendar', 'calendar.readonly', 'calendar.calendarlist', 'calendar.calendarlist.readonly');
export const EVENTS_READ = scopes('calendar', 'calendar.readonly', 'calendar.events', 'calendar.events.readonly', 'calendar.events.owned', 'calendar.events.owned.readonly');
export const EVENTS_WRITE = scopes('calendar', 'calendar.events', 'calendar.events.owned');

/** Google reports `email` and `profile` back under their full names. */
const normalizeScope = (scope: string): string => (scope === 'email' ? EMAIL_SCOPE : scope === 'profile' ? PROFILE_SCOPE : scope);

export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Associate you with your personal info on Google',
  [EMAIL_SCOPE]: 'See your primary Google Account email address',
  [PROFILE_SCOPE]: 'See your personal info, including any personal info you’ve made publicly available',
  [`${AUTH_SCOPE}calendar`]: 'See, edit, share, and permanently delete all the calendars you can access using Google Calendar',
  [`${AUTH_SCOPE}calendar.readonly`]: 'See and download any calendar you can access using your Google Calendar',
  [`${AUTH_SCOPE}calendar.events`]: 'View and edit events on all your calendars',
  [`${AUTH_SCOPE}calendar.events.readonly`]: 'View events on all your calendars',
};

/** The parameters carried from the consent page to the approval, as hidden inputs. */
const CARRIED_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'access_type',
  'prompt',
  'include_granted_scopes',
  'login_hint',
  'code_challenge',
  'code_challenge_method',
] as const;

export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly state?: string;
  readonly offline: boolean;
  readonly forceConsent: boolean;
  readonly codeChallenge?: { readonly value: string; readonly method: 'S256' | 'plain' };
  readonly carried: URLSearchParams;
}

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
  } catch {
    return false;
  }
}

/** The authorization request of /o/oauth2/v2/auth, checked again on approval (the form can be edited). */
export function readAuthorizationRequest(client: ClientCredentials, query: URLSearchParams): AuthorizationRequest {
  const clientId = query.get('client_id');
  if (!clientId) throw new PageError(400, 'invalid_request', 'Missing required parameter: client_id');
  if (clientId !== client.clientId) throw new PageError(400, 'invalid_client', `The OAuth client was not found: ${clientId}`);
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) throw new PageError(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!isRedirectUri(redirectUri)) throw new PageError(400, 'invalid_request', `Invalid parameter value for redirect_uri: ${redirectUri}`);
  if (query.get('response_type') !== 'code') {
    throw new PageError(400, 'unsupported_response_type', `Unsupported response type: ${query.get('response_type') ?? '(none)'}`);
  }
  const requested = [...new Set((query.get('scope') ?? '').split(/\s+/).filter(Boolean).map(normalizeScope))];
  if (requested.length === 0) throw new PageError(400, 'invalid_request', 'Missing required parameter: scope');
  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method') ?? 'plain';
  if (challenge && method !== 'S256' && method !== 'plain') throw new PageError(400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
  const carried = new URLSearchParams();
  for (const name of CARRIED_PARAMETERS) {
    const value = query.get(name);
    if (value !== null) carried.set(name, value);
  }
  return {
    clientId,
    redirectUri,
    scopes: requested,
    state: query.get('state') ?? undefined,
    offline: query.get('access_type') === 'offline',
    forceConsent: (query.get('prompt') ?? '').split(' ').includes('consent'),
    codeChallenge: challenge ? { value: challenge, method: method === 'S256' ? 'S256' : 'plain' } : undefined,
    carried,
  };
}

interface Grant {
  readonly clientId: string;
  readonly account: TestAccount;
  readonly scopes: readonly string[];
  readonly refreshToken?: string;
  revoked: boolean;
}

interface IssuedCode {
  readonly request: AuthorizationRequest;
  readonly account: TestAccount;
  readonly expiresAt: number;
}

interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  refresh_token?: string;
}

export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

const LOCATION_AUTHORIZATION: ErrorLocation = { type: 'header', name: 'Authorization' };

export class OAuthService {
  readonly #codes = new Map<string, IssuedCode>();
  readonly #grants: Grant[] = [];
  readonly #refreshTokens = new Map<string, Grant>();
  readonly #accessTokens = new Map<string, { readonly grant: Grant; readonly expiresAt: number }>();
  readonly #revoked: string[] = [];

  constructor(
    private readonly now: () => number,
    private readonly grantsFile?: string,
    accounts: readonly TestAccount[] = [],
  ) {
    for (const grant of this.#loadGrants(accounts)) {
      this.#grants.push(grant);
      if (grant.refreshToken) this.#refreshTokens.set(grant.refreshToken, grant);
    }
  }

  #loadGrants(accounts: readonly TestAccount[]): Grant[] {
    if (!this.grantsFile) return [];
    let saved: unknown;
    try {
      saved = JSON.parse(readFileSync(this.grantsFile, 'utf8'));
    } catch {
      return []; // none yet, or unreadable: start without
    }
    if (!Array.isArray(saved)) return [];
    return saved.flatMap((entry: { clientId?: unknown; email?: unknown; scopes?: unknown; refreshToken?: unknown; revoked?: unknown }): Grant[] => {
      const account = accounts.find((candidate) => candidate.email === entry.email);
      if (!account || typeof entry.clientId !== 'string' || typeof entry.refreshToken !== 'string' || !Array.isArray(entry.scopes)) return [];
      return [{ clientId: entry.clientId, account, scopes: entry.scopes.map(String), refreshToken: entry.refreshToken, revoked: entry.revoked === true }];
    });
  }

  /** Keeps the grants with a refresh token, for the next start. */
  #saveGrants(): void {
    if (!this.grantsFile) return;
    const grants = this.#grants
      .filter((grant) => grant.refreshToken)
      .map(({ clientId, account, scopes, refreshToken, revoked }) => ({ clientId, email: account.email, scopes, refreshToken, revoked }));
    mkdirSync(path.dirname(this.grantsFile), { recursive: true });
    writeFileSync(this.grantsFile, JSON.stringify(grants), { mode: 0o600 });
  }

  issueCode(request: AuthorizationRequest, account: TestAccount): string {
    const code = `4/local-${randomToken()}`;
    this.#codes.set(code, { request, account, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  exchangeCode(clientId: string, form: URLSearchParams): TokenResponse {
    const code = form.get('code');
    if (!code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
    const issued = this.#codes.get(code);
    this.#codes.delete(code); // one use: a replayed code fails, as at Google
    if (!issued || issued.expiresAt <= this.now() || issued.request.clientId !== clientId) {
      throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
    }
    const { request, account } = issued;
    if (form.get('redirect_uri') !== request.redirectUri) throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    checkCodeVerifier(request, form.get('code_verifier'));
    // Google issues a refresh token on first consent only, unless prompt=consent asks again.
    const withRefreshToken = request.offline && (request.forceConsent || !this.#hasOfflineGrant(clientId, account));
    const grant: Grant = {
      clientId,
      account,
      scopes: request.scopes,
      revoked: false,
      ...(withRefreshToken ? { refreshToken: `1//local-${randomToken(32)}` } : {}),
    };
    this.#grants.push(grant);
    if (grant.refreshToken) this.#refreshTokens.set(grant.refreshToken, grant);
    this.#saveGrants();
    return { ...this.#accessTokenFor(grant), ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}) };
  }

  refresh(clientId: string, form: URLSearchParams): TokenResponse {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = this.#refreshTokens.get(refreshToken);
    if (!grant || grant.revoked || grant.clientId !== clientId) throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return this.#accessTokenFor(grant);
  }

  /** Revoking either kind of token ends the whole grant, as at Google. */
  revoke(token: string): void {
    const access = this.#accessTokens.get(token);
    const grant = this.#refreshTokens.get(token) ?? (access && access.expiresAt > this.now() ? access.grant : undefined);
    if (!grant || grant.revoked) throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    this.#revoked.push(token);
    this.#saveGrants();
  }

  revokeAccount(email: string): void {
    for (const grant of this.#grants) if (grant.account.email === email) grant.revoked = true;
    this.#saveGrants();
  }

  revokedTokens(): string[] {
    return [...this.#revoked];
  }

  /** The grant behind a request's `Authorization: Bearer …`, or Google's 401. */
  authenticate(authorization: string | undefined): Grant {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) {
      throw new ApiError(401, 'required', 'Login Required.', {
        location: LOCATION_AUTHORIZATION,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
      });
    }
    const access = this.#accessTokens.get(token);
    if (!access || access.expiresAt <= this.now() || access.grant.revoked) {
      throw new ApiError(401, 'authError', 'Invalid Credentials', {
        location: LOCATION_AUTHORIZATION,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      });
    }
    return access.grant;
  }

  #hasOfflineGrant(clientId: string, account: TestAccount): boolean {
    return this.#grants.some((grant) => grant.clientId === clientId && grant.account === account && grant.refreshToken && !grant.revoked);
  }

  #accessTokenFor(grant: Grant): TokenResponse {
    const token = `ya29.local-${randomToken(32)}`;
    this.#accessTokens.set(token, { grant, expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000 });
    return { access_token: token, expires_in: ACCESS_TOKEN_LIFETIME_S, token_type: 'Bearer', scope: grant.scopes.join(' ') };
  }
}

function checkCodeVerifier(request: AuthorizationRequest, verifier: string | null): void {
  const challenge = request.codeChallenge;
  if (!challenge) return;
  if (!verifier) throw new OAuthError(400, 'invalid_grant', 'Missing code verifier.');
  const derived = challenge.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (derived !== challenge.value) throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
}

export function requireScope(grant: Grant, accepted: readonly string[]): void {
  if (!grant.scopes.some((scope) => accepted.includes(scope))) throw insufficientScopes();
}
