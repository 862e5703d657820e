import { describe, expect, it } from 'vitest';
import { isSafeRedirect, pathOf, redirectTarget } from './redirect';

describe('isSafeRedirect', () => {
  it.each(['/dashboard', '/projects/p1?tab=tasks#x', '/', '/tasks?q=a%20b'])('accepts %j', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'dashboard',
    '',
    '/auth/login',
    '/auth/register?x=1',
    '/auth',
    '/dash\nboard',
    'javascript:alert(1)',
    null,
    42,
  ])('refuses %j', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });
});

describe('redirectTarget', () => {
  it('prefers the location the guard put in router state', () => {
    const state = { from: { pathname: '/projects/p1', search: '?tab=notes', hash: '#top' } };
    expect(redirectTarget(state, '?redirect=%2Ftasks')).toBe('/projects/p1?tab=notes#top');
  });

  it('accepts a string in state', () => {
    expect(redirectTarget({ from: '/calendar' }, '')).toBe('/calendar');
  });

  it('falls back to the redirect query', () => {
    expect(redirectTarget(null, '?redirect=%2Ftasks%3Fview%3Dkanban')).toBe('/tasks?view=kanban');
  });

  it('ignores unsafe targets and uses the dashboard', () => {
    expect(redirectTarget({ from: 'https://evil.example' }, '?redirect=%2F%2Fevil.example')).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '/auth/login' } }, '')).toBe('/dashboard');
    expect(redirectTarget(undefined, '')).toBe('/dashboard');
    expect(redirectTarget({ other: 1 }, '?x=1', '/home')).toBe('/home');
  });
});

describe('pathOf', () => {
  it('joins pathname, search and hash', () => {
    expect(pathOf({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
    expect(pathOf({ pathname: '/a' })).toBe('/a');
  });
});
