import { googleSettings } from './google-settings.js';

/** Google's token revocation endpoint: the token in a form, no client credentials (RFC 7009). */
const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';

/**
 * Revokes a grant at Google with one POST. Leaving, removal and workspace deletion need nothing else of
 * Google, so they do without the googleapis client (about 430 KB of their bundles, and of their cold starts)
 * and without reading the client secret. A grant Google no longer knows (400) counts as revoked.
 */
export async function revokeGrant(refreshToken: string): Promise<void> {
  const base = googleSettings().endpointUrl;
  const response = await fetch(base ? `${base}/revoke` : GOOGLE_REVOKE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
  });
  if (!response.ok && response.status !== 400) throw new Error(`Google answered ${response.status} to the revocation`);
}
