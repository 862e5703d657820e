import { searchWords } from '../../shared/rules/search-words.js';
import { SEARCH_QUERY_MAX_WORDS, type SearchQuery, type SearchResponse } from '../../shared/schemas/search.js';
import { searchEntriesByPrefix } from '../data/search-index.js';
import type { Caller } from '../lib/caller.js';
import { readAsMember } from './authorize.js';
import { rankSearchMatches } from './search-ranking.js';

/**
 * The workspace's search: for each distinct word of the query one Query of the index (words starting with
 * it), run in parallel, then ranked (search-ranking.ts). Every member sees every project of a workspace
 * (there are no per-project permissions), so membership is the whole check.
 */
export async function searchWorkspace(caller: Caller, workspaceId: string, query: SearchQuery): Promise<SearchResponse> {
  const words = [...new Set(searchWords(query.q))].slice(0, SEARCH_QUERY_MAX_WORDS);
  const entriesByWord = await readAsMember(workspaceId, caller.userId, () => Promise.all(words.map((word) => searchEntriesByPrefix(workspaceId, word))));
  return { results: words.length === 0 ? [] : rankSearchMatches(words, entriesByWord, query.limit) };
}
