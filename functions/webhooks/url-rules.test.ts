import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusedAddress, resolvedUrlRefusal, urlRefusal } from './url-rules.js';

const aws = { allowLocalHttp: false };
const local = { allowLocalHttp: true };
const resolvingTo = (...addresses: string[]) => () => Promise.resolve(addresses);

describe('webhook URL rules', () => {
  it.each([
    '10.0.0.1', '10.255.255.255', '127.0.0.1', '127.1.2.3', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fd00:ec2::254', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1',
    'not-an-address',
  ])('refuses the address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses every address of the private IPv4 ranges', () => {
    fc.assert(
      fc.property(fc.constantFrom(10, 127), fc.nat(255), fc.nat(255), fc.nat(255), (first, b, c, d) => isRefusedAddress(`${first}.${b}.${c}.${d}`)),
    );
    fc.assert(fc.property(fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255), (second, c, d) => isRefusedAddress(`172.${second}.${c}.${d}`)));
    fc.assert(fc.property(fc.nat(255), fc.nat(255), (c, d) => isRefusedAddress(`169.254.${c}.${d}`) && isRefusedAddress(`192.168.${c}.${d}`)));
  });

  it.each([
    ['http://example.com/hook', 'URL must start with https://'],
    ['ftp://example.com/hook', 'URL must start with https://'],
    ['example.com/hook', 'Enter a full URL, starting with https://'],
    ['https://user:pass@example.com/hook', 'URL must not contain a user name or password'],
    ['https://169.254.169.254/latest/meta-data', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://10.0.0.1/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://[fd00:ec2::254]/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    // The URL parser reads these forms as 127.0.0.1: the rule sees the address they mean.
    ['https://0x7f000001/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://2130706433/hook', 'URL must not point at a private, loopback, link-local or metadata address'],
    ['https://localhost/hook', 'URL must name a public host'],
    ['https://api.localhost/hook', 'URL must name a public host'],
    ['http://localhost:3000/hook', 'URL must start with https://'],
    [`https://example.com/${'a'.repeat(2000)}`, 'URL must be at most 2000 characters'],
  ])('refuses %s in AWS', (url, reason) => {
    expect(urlRefusal(url, aws)).toBe(reason);
  });

  it('allows localhost over http only on the local stack, and nothing else private there', () => {
    expect(urlRefusal('http://localhost:3000/hook', local)).toBeNull();
    expect(urlRefusal('http://127.0.0.1:3000/hook', local)).toBeNull();
    expect(urlRefusal('http://[::1]:3000/hook', local)).toBeNull();
    expect(urlRefusal('http://10.0.0.1/hook', local)).toBe('URL must start with https://');
    expect(urlRefusal('https://10.0.0.1/hook', local)).toBe('URL must not point at a private, loopback, link-local or metadata address');
  });

  it('refuses a name when any of its addresses is private, and one that does not resolve', async () => {
    const refusal = 'URL host resolves to a private, loopback, link-local or metadata address';
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', aws, resolvingTo('93.184.216.34'))).toBeNull();
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', aws, resolvingTo('127.0.0.1'))).toBe(refusal);
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', aws, resolvingTo('93.184.216.34', '169.254.169.254'))).toBe(refusal);
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', local, resolvingTo('127.0.0.1'))).toBe(refusal);
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', aws, resolvingTo())).toBe('URL host could not be found');
    expect(await resolvedUrlRefusal('https://hooks.example.com/x', aws, () => Promise.reject(new Error('ENOTFOUND')))).toBe('URL host could not be found');
  });

  // Path pieces that could confuse a parser into reading another host (cheap to generate, unlike fc.webPath).
  const path = fc.array(fc.constantFrom('a', '/', '%2e', '..', '@evil.com', '?next=https://example.com', '#frag', ':443', '\\'), { maxLength: 8 }).map((parts) => `/${parts.join('')}`);

  it('never accepts a URL whose host is a refused address, whatever else it holds', () => {
    fc.assert(
      fc.property(fc.constantFrom('10.1.2.3', '127.0.0.1', '169.254.169.254', '[::1]', '[fd00:ec2::254]'), path, fc.boolean(), (host, path, allowLocalHttp) => {
        const refusal = urlRefusal(`https://${host}${path}`, { allowLocalHttp });
        return refusal !== null || (allowLocalHttp && ['127.0.0.1', '[::1]'].includes(host));
      }),
    );
  });
});
