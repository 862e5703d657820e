/**
 * The SPA's client-side routes (/projects/42, the OAuth callback) are no objects in the bucket: a CloudFront
 * Function on the site's default behaviour asks the bucket for /index.html instead, whenever the path's last
 * segment has no file extension (ids never hold a dot). It replaces the distribution's old 403/404 → 200
 * /index.html error responses, which apply to every behaviour and so would have turned the API's own 403s
 * and 404s (a non-member's answer) into the app's page. A file that is really missing still answers 403.
 * CloudFront Functions run in their own JavaScript runtime, so the code is a string; the tests run it.
 */
export const SPA_FALLBACK_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  if (!/\\.[^/]*$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;
