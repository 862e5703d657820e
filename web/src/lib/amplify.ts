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
