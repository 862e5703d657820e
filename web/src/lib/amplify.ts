import { getConfig } from './config';

/**
 * Amplify Auth, loaded when it is needed: a visitor who has certainly never signed in here (the landing
 * page, the first visit) downloads none of it. Every caller gets the one configured module.
 */
export type AmplifyAuth = typeof import('./amplify-auth');

let loaded: Promise<AmplifyAuth> | undefined;
const listeners = new Set<(auth: AmplifyAuth) => void>();

export function loadAmplify(): Promise<AmplifyAuth> {
  loaded ??= import('./amplify-auth').then((auth) => {
    auth.configureAmplify(getConfig());
    listeners.forEach((listener) => listener(auth));
    listeners.clear();
    return auth;
  });
  return loaded;
}

/** Runs `listener` once, when Amplify is loaded (soon after, if it already is); returns a cancel. */
export function whenAmplifyLoaded(listener: (auth: AmplifyAuth) => void): () => void {
  let active = true;
  const once = (auth: AmplifyAuth) => {
    if (active) listener(auth);
    active = false;
  };
  if (loaded) void loaded.then(once);
  else listeners.add(once);
  return () => {
    active = false;
    listeners.delete(once);
  };
}

function keyPrefix(): string {
  return `CognitoIdentityServiceProvider.${getConfig().userPoolClientId}.`;
}

/** Whether a localStorage key is one of Amplify's for this app (a sign-in in another tab writes them). */
export function isAmplifyStorageKey(key: string | null): boolean {
  return key !== null && key.startsWith(keyPrefix());
}

/**
 * False only when Amplify's storage certainly holds no session of this app: none of its keys exist. Then
 * the visitor is signed out and Amplify need not be loaded to know it.
 */
export function mayHaveStoredSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (isAmplifyStorageKey(window.localStorage.key(index))) return true;
    }
    return false;
  } catch {
    return true; // storage unreadable: Amplify decides
  }
}

/** An ID token this close to expiry is left to Amplify to refresh. */
const EXPIRY_MARGIN_MS = 60_000;

export interface StoredIdToken {
  readonly token: string;
  readonly claims: Record<string, unknown>;
}

function decodeClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's ID token as Amplify stored it, while it is still fresh; null when there is none or
 * it (nearly) expired. Exported with its storage reader for the unit test.
 */
export function freshStoredIdToken(read: (key: string) => string | null, clientId: string, nowMs: number): StoredIdToken | null {
  const prefix = `CognitoIdentityServiceProvider.${clientId}.`;
  const user = read(`${prefix}LastAuthUser`);
  const token = user ? read(`${prefix}${user}.idToken`) : null;
  const claims = token ? decodeClaims(token) : null;
  if (!token || !claims || typeof claims.exp !== 'number' || claims.exp * 1000 - EXPIRY_MARGIN_MS <= nowMs) return null;
  return { token, claims };
}

/**
 * The stored ID token without loading Amplify (23 kB): a signed-in page needs Amplify only to refresh an
 * expired token or to sign out. The server verifies every token, so reading it here trusts nothing new.
 */
export function storedIdToken(): StoredIdToken | null {
  try {
    return freshStoredIdToken((key) => window.localStorage.getItem(key), getConfig().userPoolClientId, Date.now());
  } catch {
    return null; // storage unreadable: Amplify decides
  }
}
