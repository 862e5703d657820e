import { loadAmplify, mayHaveStoredSession, storedIdToken } from './amplify';

/**
 * The signed-in user's Cognito ID token (the API's JWT authorizer and the WebSocket $connect expect the
 * ID token), refreshed by Amplify when it has expired. Undefined when nobody is signed in.
 */
export async function getIdToken(): Promise<string | undefined> {
  const stored = storedIdToken();
  if (stored) return stored.token;
  if (!mayHaveStoredSession()) return undefined;
  try {
    const session = await (await loadAmplify()).fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}
