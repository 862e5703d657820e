import { describe, expect, it } from 'vitest';
import { emailLocalPart, initials, nameFromEmail } from './user-name.js';

describe('nameFromEmail', () => {
  it.each([
    ['jane.doe@example.com', 'jane.doe'],
    ['a@b.c', 'a'],
    ['@example.com', 'User'],
    ['no-at-sign', 'no-at-sign'],
    ['', 'User'],
    [null, 'User'],
    [undefined, 'User'],
  ])('%j → %j', (email, name) => {
    expect(nameFromEmail(email)).toBe(name);
  });
});

describe('emailLocalPart', () => {
  it('is the trimmed part before the @, or empty, so callers choose their own fallback', () => {
    expect(emailLocalPart(' ada @example.com')).toBe('ada');
    expect(emailLocalPart('@example.com')).toBe('');
    expect(emailLocalPart(undefined)).toBe('');
  });
});

describe('initials', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['jane', 'J'],
    ['jane.doe', 'JD'],
    ['Ada Lovelace Byron', 'AL'],
    ['  élodie   martin ', 'ÉM'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
