import { describe, expect, it } from 'vitest';
import { pickSuggestions, SUGGESTED_QUESTIONS } from './suggestions';

describe('pickSuggestions', () => {
  it('picks 4 different questions of the 8', () => {
    for (let run = 0; run < 20; run += 1) {
      const picked = pickSuggestions(4);
      expect(new Set(picked).size).toBe(4);
      for (const question of picked) expect(SUGGESTED_QUESTIONS).toContain(question);
    }
  });

  it('depends on the random source, so each visit may see others', () => {
    expect(pickSuggestions(4, () => 0)).not.toEqual(pickSuggestions(4, () => 0.99));
  });
});
