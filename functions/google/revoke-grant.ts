import { retrying } from '../lib/retry.js';
import { googleTokenSettings } from './google-settings.js';

/** Google's token revocation endpoint: the token in a form, no client credentials (RFC 7009). */
const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';

/** As the googleapis client did: a throttled, failing or unreachable Google is asked again, twice at most. */
const ATTEMPTS = 3;
const RETRY_BACKOFF_MS = 200;

/** Google's answer when it is not a revocation: asked again when it may pass (throttled, or failing). */
class RevocationRefused extends Error {
  readonly mayPass: boolean;
  constructor(status: number) {
    super(`Google answered ${status} to the revocation`);
    this.mayPass = status === 429 || status >= 500;
  }
}

/** One POST of the token; a network failure throws as it is (and is asked again unless the caller gave up). */
async function postRevocation(url: string, refreshToken: string, signal: AbortSignal | undefined): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
    ...(signal ? { signal } : {}),
  });
  if (response.status > 400) throw new RevocationRefused(response.status);
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
  const mayPass = (error: unknown) => !signal?.aborted && (!(error instanceof RevocationRefused) || error.mayPass);
  await retrying(() => postRevocation(url, refreshToken, signal), mayPass, ATTEMPTS, RETRY_BACKOFF_MS);
}
