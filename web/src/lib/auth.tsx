import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isAmplifyStorageKey, loadAmplify, mayHaveStoredSession, storedIdToken, whenAmplifyLoaded } from './amplify';
import { userFromClaims, type AuthUser } from './auth-user';

export type { AuthUser } from './auth-user';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  readonly status: AuthStatus;
  readonly user: AuthUser | null;
  /** True after the user chose Sign out (the guard then sends them to the plain login page). */
  readonly signedOutByUser: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Reads the session again (after a sign-in); resolves to the user or null. */
  refresh: () => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in user from Amplify's stored session, or null (no tokens, or the refresh token expired). A
 * fresh stored ID token is enough; only an expired one needs Amplify (to refresh it).
 */
async function loadUser(): Promise<AuthUser | null> {
  const stored = storedIdToken();
  if (stored) return userFromClaims(stored.claims);
  if (!mayHaveStoredSession()) return null;
  try {
    const { fetchAuthSession, getCurrentUser } = await loadAmplify();
    const session = await fetchAuthSession();
    if (!session.tokens?.idToken) return null;
    const current = await getCurrentUser();
    return userFromClaims(session.tokens.idToken.payload, {
      userId: current.userId,
      ...(current.signInDetails?.loginId ? { loginId: current.signInDetails.loginId } : {}),
    });
  } catch {
    return null;
  }
}

const signedOut = (byUser: boolean): AuthState => ({ status: 'signedOut', user: null, signedOutByUser: byUser });

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, signedOutByUser: false });
  // Only the latest session read may set the state (Hub events can overlap with the first check).
  const readCount = useRef(0);

  const refresh = useCallback(async () => {
    const read = ++readCount.current;
    const user = await loadUser();
    if (read === readCount.current) {
      setState((previous) => {
        if (!user) return previous.status === 'signedOut' ? previous : signedOut(false);
        // Keep the same object when nothing changed, so a token refresh does not re-render the app.
        const same = previous.user && previous.user.id === user.id && previous.user.email === user.email;
        return { status: 'signedIn', user: same ? previous.user : user, signedOutByUser: false };
      });
    }
    return user;
  }, []);

  useEffect(() => {
    void refresh();
    // Amplify may load later (on a sign-in page): its auth events are followed from then on.
    let stopListening: (() => void) | undefined;
    const cancel = whenAmplifyLoaded(({ Hub }) => {
      stopListening = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'tokenRefresh':
          case 'signInWithRedirect':
            void refresh();
            break;
          case 'signedOut':
          case 'tokenRefresh_failure':
            readCount.current++;
            setState((previous) => (previous.status === 'signedOut' ? previous : signedOut(false)));
            break;
          default:
            break;
        }
      });
    });
    // A sign-in or sign-out in another tab, even while Amplify is not loaded here.
    const onStorage = (event: StorageEvent) => {
      if (isAmplifyStorageKey(event.key)) void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancel();
      stopListening?.();
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const signOut = useCallback(async () => {
    readCount.current++;
    try {
      await (await loadAmplify()).signOut();
    } finally {
      setState(signedOut(true));
    }
  }, []);

  const value = useMemo(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
