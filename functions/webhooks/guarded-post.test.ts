import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, guardedPost, REFUSED_AT_CONNECT } from './guarded-post.js';

/** A resolver that answers `addresses` for any name, as a rebinding DNS server would at connect time. */
const answering = (...addresses: LookupAddress[]) => guardedLookup((_hostname, callback) => callback(null, addresses));

function lookedUp(lookup: ReturnType<typeof guardedLookup>, all: boolean): Promise<{ error: Error | null; result: unknown }> {
  return new Promise((resolve) => {
    lookup('hooks.example.com', { all }, (error: NodeJS.ErrnoException | null, address: string | LookupAddress[]) => resolve({ error, result: address }));
  });
}

describe("the webhook connection's own name lookup", () => {
  it('refuses an answer holding a private, loopback, link-local or metadata address, even beside a public one', async () => {
    for (const address of ['10.0.0.1', '127.0.0.1', '169.254.169.254', 'fd00:ec2::254', '::ffff:10.0.0.1']) {
      const { error } = await lookedUp(answering({ address: '93.184.216.34', family: 4 }, { address, family: address.includes(':') ? 6 : 4 }), false);
      expect(error?.message, address).toBe(REFUSED_AT_CONNECT);
    }
  });

  it('gives a public answer to the connection, one address or all as Node asks', async () => {
    const lookup = answering({ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 });
    expect(await lookedUp(lookup, false)).toEqual({ error: null, result: '93.184.216.34' });
    expect((await lookedUp(lookup, true)).result).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('never connects to a name that resolves to this machine, while the local stack may post to localhost', async () => {
    let received = 0;
    const server = createServer((request, response) => {
      received += 1;
      request.resume();
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://localhost:${(server.address() as AddressInfo).port}/hook`);
    try {
      expect(await guardedPost(url, {}, '{}', { timeoutMs: 2000, checkAddresses: true })).toEqual({ error: 'refused' });
      expect(received).toBe(0);
      expect(await guardedPost(url, {}, '{}', { timeoutMs: 2000, checkAddresses: false })).toEqual({ status: 200 });
      expect(received).toBe(1);
    } finally {
      server.close();
    }
  });
});
