import { describe, expect, it } from 'vitest';
import { distinctSearchWords, SEARCH_WORD_MAX_LENGTH, searchWords } from './search-words.js';

describe('searchWords', () => {
  it('lower-cases, folds diacritics and splits on punctuation', () => {
    expect(searchWords('Café-Menü: Crème brûlée, 2026!')).toEqual(['cafe', 'menu', 'creme', 'brulee', '2026']);
  });

  it('keeps letters of other scripts', () => {
    expect(searchWords('Отчёт 報告')).toEqual(['отчет', '報告']);
  });

  it('has no words in punctuation alone and cuts long words', () => {
    expect(searchWords(' #—* ')).toEqual([]);
    expect(searchWords('x'.repeat(80))).toEqual(['x'.repeat(SEARCH_WORD_MAX_LENGTH)]);
  });
});

describe('distinctSearchWords', () => {
  it('keeps the first appearance of each word, up to the limit', () => {
    expect(distinctSearchWords('b a B c a d', 3)).toEqual(['b', 'a', 'c']);
  });
});
