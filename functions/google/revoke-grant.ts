import { googleTokenSettings } from './google-settings.js';

/** Google's token revocation endpoint: the token in a form, no client credentials (RFC 7009). */
const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';

/** As the googleapis client did: a throttled, failing or unreachable Google is asked again, twice at most. */
const ATTEMPTS = 3;
const FIRST_RETRY_DELAY_MS = 200;

/** The status Google answered, or undefined when it could not be reached (asked again unless it was the last try). */
async function postRevocation(url: string, refreshToken: string, signal: AbortSignal | undefined, lastTry: boolean): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken }),
      ...(signal ? { signal } : {}),
    });
    return response.status;
  } catch (error) {
    if (signal?.aborted || lastTry) throw error;
    return undefined;
  }
}

/**
 * Revokes a grant at Google with a POST. Leaving, removal and workspace deletion need nothing else of
 * Google, so they do without the googleapis client (about 380 KB of their bundles, and of their cold
 * starts) and without reading the client secret. 200 is revoked, and so is 400 (a grant Google no longer
 * knows); 429, 5xx and network failures are tried again; `signal` (the caller's time limit) ends the tries.
 */
export async function revokeGrant(refreshToken: string, signal?: AbortSignal): Promise<void> {
  const base = googleTokenSettings().endpointUrl;
  const url = base ? `${base}/revoke` : GOOGLE_REVOKE_URL;
  for (let attempt = 1; ; attempt += 1) {
    const status = await postRevocation(url, refreshToken, signal, attempt >= ATTEMPTS);
    if (status !== undefined && status <= 400) return;
    const retryable = status === undefined || status === 429 || status >= 500;
    if (!retryable || attempt >= ATTEMPTS) throw new Error(`Google answered ${status} to the revocation`);
    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1)));
  }
}
