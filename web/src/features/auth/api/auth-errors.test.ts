import { describe, expect, it } from 'vitest';
import { authErrorMessage, MISSING_CREDENTIALS_MESSAGE, passwordMismatch, requireCredentials } from './auth-errors';

describe('authErrorMessage', () => {
  it("uses the library's message", () => {
    const error = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(authErrorMessage(error, 'Failed to sign in')).toBe('Incorrect username or password.');
    expect(authErrorMessage({ message: 'User already exists' }, 'Failed to create an account')).toBe('User already exists');
  });

  it('falls back when there is no message', () => {
    expect(authErrorMessage(new Error(''), 'Failed to sign in')).toBe('Failed to sign in');
    expect(authErrorMessage(undefined, 'Failed to reset password')).toBe('Failed to reset password');
    expect(authErrorMessage('boom', 'Failed to create an account')).toBe('Failed to create an account');
  });
});

describe('requireCredentials', () => {
  it('needs both an e-mail and a password', () => {
    expect(() => requireCredentials('', 'secret')).toThrow(MISSING_CREDENTIALS_MESSAGE);
    expect(() => requireCredentials('a@b.c', '')).toThrow(MISSING_CREDENTIALS_MESSAGE);
    expect(() => requireCredentials('a@b.c', 'secret')).not.toThrow();
  });
});

describe('passwordMismatch', () => {
  it("says 'Passwords do not match' when they differ", () => {
    expect(passwordMismatch('Secret-1', 'Secret-2')).toBe('Passwords do not match');
    expect(passwordMismatch('Secret-1', 'Secret-1')).toBeUndefined();
  });
});
