import net from 'node:net';
import os from 'node:os';
import { describe, expect, inject, it } from 'vitest';

/** Whether a TCP connection to host:port opens (then closes it at once). */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('what the local stack exposes', () => {
  it('DynamoDB Local answers on 127.0.0.1 only, not on the machine’s network addresses', async () => {
    const port = Number(new URL(inject('table').endpoint).port);
    expect(await connects('127.0.0.1', port)).toBe(true);
    const networkAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
      .map((address) => address?.address ?? '');
    for (const address of networkAddresses) expect(await connects(address, port), address).toBe(false);
  });
});
