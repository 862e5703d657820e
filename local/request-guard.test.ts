import { describe, expect, it } from 'vitest';
import { localRequestGuard } from './request-guard.js';

describe('localRequestGuard', () => {
  const guard = localRequestGuard(5173);

  it('serves loopback names, with or without a port, from Node (no Origin) and from the web app', () => {
    for (const host of ['localhost:3001', '127.0.0.1:3001', '[::1]:3001', 'LOCALHOST:3001', 'localhost']) expect(guard.refusalOf({ host }), host).toBeUndefined();
    expect(guard.refusalOf({ host: 'localhost:3001', origin: 'http://localhost:5173' })).toBeUndefined();
    expect(guard.refusalOf({ host: 'localhost:3001', origin: 'http://127.0.0.1:5173' })).toBeUndefined();
  });

  it('refuses another name (DNS rebinding), no Host, another origin, another port of localhost, and the opaque origin', () => {
    expect(guard.refusalOf({ host: 'attacker.example:3001' })).toMatch(/^Host attacker.example:3001/);
    expect(guard.refusalOf({ host: 'localhost.attacker.example' })).toBeDefined();
    expect(guard.refusalOf({ host: '127.0.0.1.nip.io:3001' })).toBeDefined();
    expect(guard.refusalOf({})).toMatch(/^Host \(none\)/);
    expect(guard.refusalOf({ host: 'localhost:3001', origin: 'https://attacker.example' })).toMatch(/^Origin https:\/\/attacker.example/);
    expect(guard.refusalOf({ host: 'localhost:3001', origin: 'http://localhost:8080' })).toBeDefined();
    expect(guard.refusalOf({ host: 'localhost:3001', origin: 'null' })).toBeDefined();
  });
});
