import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['brief', true],
    ['LAUNCH', true],
    ['roadmap', false],
  ])('%j in a title and a description → %s', (search, expected) => {
    expect(matchesSearch(search, 'Write the Brief', null, 'For the launch review')).toBe(expected);
  });
});
