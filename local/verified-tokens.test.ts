import { describe, expect, it } from 'vitest';
import type { VerifiedToken } from '../functions/lib/token-verifier.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

const verifiedUntil = (expSeconds: number): VerifiedToken => ({ sub: 'user-1', email: 'ada@example.com', claims: { sub: 'user-1', exp: expSeconds } });

describe('rememberVerifiedTokens', () => {
  it('checks a token once until it expires, then again', async () => {
    let clock = 1_000_000;
    const checked: string[] = [];
    const verify = rememberVerifiedTokens(
      (token) => {
        checked.push(token);
        return Promise.resolve(verifiedUntil(1_000 + 60));
      },
      () => clock,
    );
    expect(await verify('a')).toMatchObject({ sub: 'user-1' });
    await verify('a');
    expect(checked).toEqual(['a']);
    clock = 1_060_000; // the token's exp
    await verify('a');
    expect(checked).toEqual(['a', 'a']);
  });

  it('remembers no refusal: a refused token is checked (and refused) every time', async () => {
    let checks = 0;
    const verify = rememberVerifiedTokens(() => {
      checks += 1;
      return Promise.reject(new Error('bad signature'));
    });
    await expect(verify('forged')).rejects.toThrow('bad signature');
    await expect(verify('forged')).rejects.toThrow('bad signature');
    expect(checks).toBe(2);
  });

  it('forgets the oldest token past its limit rather than growing', async () => {
    const checked: string[] = [];
    const verify = rememberVerifiedTokens((token) => {
      checked.push(token);
      return Promise.resolve(verifiedUntil(Date.now() / 1000 + 3600));
    });
    for (let index = 0; index <= 1_000; index += 1) await verify(`token-${index}`);
    await verify('token-1000');
    await verify('token-0');
    expect(checked.filter((token) => token === 'token-1000')).toHaveLength(1);
    expect(checked.filter((token) => token === 'token-0')).toHaveLength(2);
  });
});
