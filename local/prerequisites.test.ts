import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStackError } from './log.js';
import { checkPorts } from './prerequisites.js';

describe('checkPorts', () => {
  const blocker = net.createServer();
  let takenPort = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    takenPort = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('names the taken port, its role and the variable that moves it', async () => {
    const check = checkPorts({ api: takenPort });
    await expect(check).rejects.toBeInstanceOf(LocalStackError);
    await expect(check).rejects.toThrow(`Port already in use: ${takenPort} (api)`);
    await expect(check).rejects.toThrow('API_PORT');
  });

  it('passes when every port is free', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await expect(checkPorts({ api: free })).resolves.toBeUndefined();
  });
});
