import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, compressResponse } from './compress-response.js';

const large = JSON.stringify({ items: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES) });
const json = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: large };

describe('compressResponse', () => {
  it('gzips a large body when the request accepts gzip, and the gzip decodes to the same JSON', () => {
    const response = compressResponse(json, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.isBase64Encoded).toBe(true);
    expect(response.headers).toMatchObject({ 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(gunzipSync(Buffer.from(response.body ?? '', 'base64')).toString('utf8')).toBe(large);
    expect(Buffer.from(response.body ?? '', 'base64').length).toBeLessThan(large.length / 10);
  });

  it('leaves the body alone when gzip is not accepted or refused with q=0', () => {
    expect(compressResponse(json, {})).toBe(json);
    expect(compressResponse(json, { 'accept-encoding': 'br' })).toBe(json);
    expect(compressResponse(json, { 'Accept-Encoding': 'gzip;q=0, br' })).toBe(json);
  });

  it('leaves small bodies and empty responses alone', () => {
    const small = { statusCode: 200, body: '{"ok":true}' };
    expect(compressResponse(small, { 'accept-encoding': 'gzip' })).toBe(small);
    const empty = { statusCode: 204 };
    expect(compressResponse(empty, { 'accept-encoding': 'gzip' })).toBe(empty);
  });
});
