import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isRefusedAddress } from './url-rules.js';

/** Why the connection's own name lookup refused the host (reported as the attempt's error). */
export const REFUSED_AT_CONNECT = 'URL host resolves to a private, loopback, link-local or metadata address';

class RefusedAddressError extends Error {}

type Resolve = (hostname: string, callback: (error: Error | null, addresses: readonly LookupAddress[]) => void) => void;
const resolveWithDns: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => callback(error, addresses ?? []));

/**
 * The name lookup the connection itself uses, refusing every answer that holds a private, loopback,
 * link-local or metadata address: the URL was checked before sending, but a name can answer differently a
 * moment later (DNS rebinding), so the address connected to is checked as it is chosen.
 */
export function guardedLookup(resolve: Resolve = resolveWithDns): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => isRefusedAddress(entry.address))) return callback(new RefusedAddressError(REFUSED_AT_CONNECT), '', 0);
      // Node asks for every address (`all`) when it races IPv4 and IPv6; else for one.
      if (options.all) return (callback as unknown as (error: null, addresses: readonly LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

export type PostOutcome = { status: number } | { error: 'timeout' | 'refused' | 'unreachable' };

/**
 * POSTs `body` once: no redirect followed (a 3xx is an answer like any other), at most `timeoutMs`, the
 * answer's body discarded. `checkAddresses` false (the local stack's localhost receivers) skips the lookup guard.
 */
export function guardedPost(url: URL, headers: Record<string, string>, body: string, options: { timeoutMs: number; checkAddresses: boolean }): Promise<PostOutcome> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, ...(options.checkAddresses ? { lookup: guardedLookup() } : {}) },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    outgoing.setTimeout(options.timeoutMs, () => {
      resolve({ error: 'timeout' });
      outgoing.destroy();
    });
    outgoing.on('error', (error) => resolve({ error: error instanceof RefusedAddressError ? 'refused' : 'unreachable' }));
    outgoing.end(body);
  });
}
