import { describe, expect, it } from 'vitest';
import { cookieAssignment, readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; aiChatVisible=false; b=2', 'aiChatVisible')).toBe('false');
    expect(readCookie('aiChatVisible=true', 'aiChatVisible')).toBe('true');
  });

  it('returns undefined when absent or malformed', () => {
    expect(readCookie('', 'x')).toBeUndefined();
    expect(readCookie('xy=1; y=2', 'x')).toBeUndefined();
    expect(readCookie('x=%E0%A4%A', 'x')).toBeUndefined();
  });
});

describe('cookieAssignment', () => {
  it('writes a site-wide cookie with a max age', () => {
    expect(cookieAssignment('aiChatVisible', 'true', 31_536_000)).toBe('aiChatVisible=true; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
