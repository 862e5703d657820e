import { searchWords } from '../../shared/rules/search-words.js';
import type { LabelView } from '../../shared/schemas/label.js';
import { SEARCH_QUERY_MAX_WORDS, type SearchQuery, type SearchResponse } from '../../shared/schemas/search.js';
import { listLabels } from '../data/labels.js';
import { labelSearchWord, searchEntriesByPrefix, type SearchEntry } from '../data/search-index.js';
import type { Caller } from '../lib/caller.js';
import { readAsMember } from './authorize.js';
import { rankSearchMatches } from './search-ranking.js';

/**
 * The workspace's search: for each distinct word of the query one Query of the index (words starting with
 * it), run in parallel, then ranked (search-ranking.ts). A word that begins a word of a label's name also
 * finds the tasks carrying that label (issue 36), as a match in their text. Every member sees every project
 * of a workspace (there are no per-project permissions), so membership is the whole check.
 */
export async function searchWorkspace(caller: Caller, workspaceId: string, query: SearchQuery): Promise<SearchResponse> {
  const words = [...new Set(searchWords(query.q))].slice(0, SEARCH_QUERY_MAX_WORDS);
  const entriesByWord = await readAsMember(workspaceId, caller.userId, async () => {
    const labels = words.length === 0 ? [] : await listLabels(workspaceId);
    return Promise.all(words.map(async (word) => [...(await searchEntriesByPrefix(workspaceId, word)), ...(await labelledEntries(workspaceId, labels, word))]));
  });
  return { results: words.length === 0 ? [] : rankSearchMatches(words, entriesByWord, query.limit) };
}

/** The entries of the tasks carrying a label whose name has a word starting with `word`. */
async function labelledEntries(workspaceId: string, labels: readonly LabelView[], word: string): Promise<SearchEntry[]> {
  const matching = labels.filter((label) => searchWords(label.name).some((nameWord) => nameWord.startsWith(word)));
  const entries = await Promise.all(matching.map((label) => searchEntriesByPrefix(workspaceId, `${labelSearchWord(label.id)}#`)));
  return entries.flat().map((entry) => ({ ...entry, word }));
}
