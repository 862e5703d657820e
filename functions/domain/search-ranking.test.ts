import { describe, expect, it } from 'vitest';
import type { SearchEntry } from '../data/search-index.js';
import { rankSearchMatches } from './search-ranking.js';

const entry = (title: string, word: string, overrides: Partial<SearchEntry> = {}): SearchEntry => ({
  kind: 'task',
  itemId: title,
  projectId: 'p1',
  title,
  url: null,
  word,
  titlePosition: title.toLowerCase().split(' ').indexOf(word),
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const titles = (words: string[], entries: SearchEntry[][]) => rankSearchMatches(words, entries, 10).map((result) => result.title);

describe('rankSearchMatches', () => {
  it('puts items matching every word before items matching some', () => {
    const [bothBudget, bothReview] = [entry('budget review', 'budget'), entry('budget review', 'review')];
    expect(titles(['review', 'budget'], [[entry('code review', 'review'), bothReview], [entry('budget plan', 'budget'), bothBudget]])).toEqual([
      'budget review',
      'budget plan',
      'code review',
    ]);
  });

  it('ranks a title match over a note text match, the first title word over a later one', () => {
    const inText = entry('meeting notes', 'budget', { kind: 'note', titlePosition: null });
    const later = entry('plan the budget', 'budget');
    const first = entry('budget for spring', 'budget');
    const results = rankSearchMatches(['budget'], [[inText, later, first]], 10);
    expect(results.map((result) => result.title)).toEqual(['budget for spring', 'plan the budget', 'meeting notes']);
    expect(results.map((result) => result.matchedIn)).toEqual(['title', 'title', 'text']);
  });

  it('ranks a whole word over a word it only begins, and the query as a phrase over scattered words', () => {
    expect(titles(['bud'], [[entry('budget', 'budget'), entry('bud', 'bud')]])).toEqual(['bud', 'budget']);
    const scattered = { weekly: entry('review of the weekly plan', 'weekly'), review: entry('review of the weekly plan', 'review') };
    const phrase = { weekly: entry('the weekly review', 'weekly'), review: entry('the weekly review', 'review') };
    expect(titles(['weekly', 'review'], [[scattered.weekly, phrase.weekly], [scattered.review, phrase.review]])).toEqual(['the weekly review', 'review of the weekly plan']);
  });

  it('breaks ties by the most recent change, and keeps to the limit', () => {
    const older = entry('report a', 'report', { updatedAt: '2026-01-01T00:00:00.000Z' });
    const newer = entry('report b', 'report', { updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(titles(['report'], [[older, newer]])).toEqual(['report b', 'report a']);
    expect(rankSearchMatches(['report'], [[older, newer]], 1)).toHaveLength(1);
  });

  it('counts an item once per query word, by its best entry', () => {
    const results = rankSearchMatches(['re'], [[entry('review report', 'review'), entry('review report', 'report')]], 10);
    expect(results).toEqual([expect.objectContaining({ title: 'review report', matchedAllWords: true })]);
  });
});
