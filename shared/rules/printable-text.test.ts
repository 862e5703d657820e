import { describe, expect, it } from 'vitest';
import { containsUnprintable, containsUnprintableInLines, unprintableAsSpace } from './printable-text.js';

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

  it('lets text of several lines keep its line breaks and tabs, but not controls or bidi overrides', () => {
    expect(containsUnprintableInLines('# Plan\r\n\n- one\tdone\u2028two')).toBe(false);
    for (const text of ['a\u0000b', 'a\u202eb', 'a\u2066b', 'a\u001bb']) expect(containsUnprintableInLines(text)).toBe(true);
  });

  it('turns each run into one space', () => {
    expect(unprintableAsSpace('Eve\u0000\u202ekcab\r\n\r\nAda')).toBe('Eve kcab Ada');
  });
});
