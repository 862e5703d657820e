import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * Below this a JSON body gains little from gzip. Above it, compression is what keeps a big workspace's
 * project list (7 MB of JSON for 200 projects × 50 tasks, under 0.5 MB gzipped) within Lambda's 6 MB
 * response limit; HTTP API does not compress by itself.
 */
export const COMPRESSION_THRESHOLD_BYTES = 8 * 1024;

function acceptsGzip(headers: Readonly<Record<string, string | undefined>> | undefined): boolean {
  const accepted = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1] ?? '';
  return accepted
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => (entry === 'gzip' || entry.startsWith('gzip;')) && !/;\s*q=0(\.0*)?$/.test(entry));
}

/** Gzips a large text body when the request accepts it; other responses pass through unchanged. */
export function compressResponse(
  response: APIGatewayProxyStructuredResultV2,
  requestHeaders: Readonly<Record<string, string | undefined>> | undefined,
): APIGatewayProxyStructuredResultV2 {
  const body = response.body;
  if (body === undefined || response.isBase64Encoded || !acceptsGzip(requestHeaders)) return response;
  if (Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES) return response;
  return {
    ...response,
    headers: { ...response.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}
