import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (issue 38; no SSRF): an https URL of a public host. Checked when an endpoint is
 * saved and again before every send, on every address its name resolves to then. Only a local stack
 * (`allowLocalHttp`) may also send to `localhost`, `127.0.0.1` or `[::1]`, over http too, and to nothing else
 * that is private: a name that resolves to a loopback address is refused there as well.
 */

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** Private, loopback, link-local (cloud metadata), CGNAT, benchmark, multicast and reserved ranges. */
// Two lists: Node matches an IPv4 address against an IPv6 list's ::ffff:0:0/96, which would refuse them all.
const refusedIpv4 = new BlockList();
const refusedIpv6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) refusedIpv4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Unspecified and loopback; IPv4-mapped and NAT64 (they reach IPv4 addresses); documentation; unique local
  // (fd00:ec2::254, the metadata service, is one); link-local; multicast.
  ['::', 127], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) refusedIpv6.addSubnet(network, prefix, 'ipv6');

/** The receivers the local stack allows, over http too. */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an IP address (v4 or v6, as text) is one no webhook may reach. Anything that is not an address is refused. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? refusedIpv4.check(address, 'ipv4') : refusedIpv6.check(address, 'ipv6');
}

export interface UrlRuleOptions {
  /** Running in the local stack: localhost may be used, over http too. */
  readonly allowLocalHttp: boolean;
}

/** What the URL's text alone says: the reason it is refused, or null when its host still has to be resolved. */
export function urlRefusal(text: string, options: UrlRuleOptions): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  const local = options.allowLocalHttp && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return 'URL must start with https://';
  if (url.username !== '' || url.password !== '') return 'URL must not contain a user name or password';
  if (local) return null;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) return isRefusedAddress(host) ? 'URL must not point at a private, loopback, link-local or metadata address' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'URL must name a public host';
  return null;
}

export type Resolver = (hostname: string) => Promise<readonly string[]>;

/**
 * The URL's refusal after resolving its host (every address: one private address among public ones is
 * refused too), or null when it may be sent to now. A name that does not resolve is refused.
 */
export async function resolvedUrlRefusal(text: string, options: UrlRuleOptions, resolve: Resolver): Promise<string | null> {
  const refusal = urlRefusal(text, options);
  if (refusal !== null) return refusal;
  const url = new URL(text);
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 || (options.allowLocalHttp && LOCAL_HOSTS.has(url.hostname))) return null;
  let addresses: readonly string[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    return 'URL host could not be found';
  }
  if (addresses.length === 0) return 'URL host could not be found';
  return addresses.some(isRefusedAddress) ? 'URL host resolves to a private, loopback, link-local or metadata address' : null;
}
