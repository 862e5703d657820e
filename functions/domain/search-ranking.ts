import { searchWords } from '../../shared/rules/search-words.js';
import type { SearchResult } from '../../shared/schemas/search.js';
import type { SearchEntry } from '../data/search-index.js';

/**
 * Orders the items whose entries matched a query's words, best first:
 *
 * 1. items matching every word before those matching some (more words before fewer);
 * 2. then by points: the query as a phrase at the start of the title, else inside it; per word, a match in
 *    the title over one in a note's text, the title's first word over a later one, the whole word over a
 *    prefix of it;
 * 3. then the most recently changed text first, then the title.
 */
const POINTS = { phraseAtStart: 60, phrase: 40, inTitle: 20, inText: 4, firstTitleWord: 10, wholeWord: 5 } as const;

interface WordMatch {
  readonly inTitle: boolean;
  readonly points: number;
}

function wordMatch(entry: SearchEntry, queryWord: string): WordMatch {
  const inTitle = entry.titlePosition !== null;
  return {
    inTitle,
    points:
      (inTitle ? POINTS.inTitle : POINTS.inText) +
      (entry.titlePosition === 0 ? POINTS.firstTitleWord : 0) +
      (entry.word === queryWord ? POINTS.wholeWord : 0),
  };
}

interface Candidate {
  readonly entry: SearchEntry;
  readonly matches: Map<string, WordMatch>;
}

function phrasePoints(title: string, queryWords: readonly string[]): number {
  if (queryWords.length < 2) return 0;
  const titleText = searchWords(title).join(' ');
  const phrase = queryWords.join(' ');
  if (titleText.startsWith(phrase)) return POINTS.phraseAtStart;
  return titleText.includes(` ${phrase}`) ? POINTS.phrase : 0;
}

/** `entriesByWord[i]` holds the entries found for `queryWords[i]` (words starting with it). */
export function rankSearchMatches(queryWords: readonly string[], entriesByWord: readonly (readonly SearchEntry[])[], limit: number): SearchResult[] {
  const candidates = new Map<string, Candidate>();
  queryWords.forEach((queryWord, index) => {
    for (const entry of entriesByWord[index] ?? []) {
      const key = `${entry.kind}#${entry.itemId}`;
      const candidate = candidates.get(key) ?? { entry, matches: new Map<string, WordMatch>() };
      const match = wordMatch(entry, queryWord);
      const previous = candidate.matches.get(queryWord);
      if (!previous || match.points > previous.points) candidate.matches.set(queryWord, match);
      candidates.set(key, candidate);
    }
  });
  const scored = [...candidates.values()].map((candidate) => ({
    candidate,
    matchedWords: candidate.matches.size,
    points: phrasePoints(candidate.entry.title, queryWords) + [...candidate.matches.values()].reduce((sum, match) => sum + match.points, 0),
  }));
  scored.sort(
    (a, b) =>
      b.matchedWords - a.matchedWords ||
      b.points - a.points ||
      b.candidate.entry.updatedAt.localeCompare(a.candidate.entry.updatedAt) ||
      a.candidate.entry.title.localeCompare(b.candidate.entry.title),
  );
  return scored.slice(0, limit).map(({ candidate: { entry, matches }, matchedWords }) => ({
    kind: entry.kind,
    id: entry.itemId,
    projectId: entry.projectId,
    title: entry.title,
    url: entry.url,
    matchedAllWords: matchedWords === queryWords.length,
    matchedIn: [...matches.values()].some((match) => match.inTitle) ? 'title' : 'text',
    updatedAt: entry.updatedAt,
  }));
}
