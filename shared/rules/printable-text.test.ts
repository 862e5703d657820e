import { describe, expect, it } from 'vitest';
import { containsUnprintable, unprintableAsSpace } from './printable-text.js';

describe('printable text', () => {
  it.each(['Eve\u0000', 'a\nb', 'a\tb', 'a\u2028b', 'a\u202eb', 'a\u2066b', 'a\u200fb'])('finds the unprintable in %j', (text) => {
    expect(containsUnprintable(text)).toBe(true);
  });

  it('accepts ordinary names, accents, emoji and several calls in a row', () => {
    for (const text of ['Grace Hopper', 'Zoë Ødegård', 'José 😀', 'O’Brien-Smith']) {
      expect(containsUnprintable(text)).toBe(false);
      expect(containsUnprintable(text)).toBe(false);
    }
  });

  it('turns each run into one space', () => {
    expect(unprintableAsSpace('Eve\u0000\u202ekcab\r\n\r\nAda')).toBe('Eve kcab Ada');
  });
});
