import * as z from 'zod/mini';

/**
 * The workspace's search (GET /workspaces/{workspaceId}/search?q=&limit=): projects, tasks, notes and links
 * whose titles (and notes' text) hold words starting with the query's words, best first — see
 * functions/domain/search.ts for the ranking.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** More words than this in a query are ignored (each is one Query of the index). */
export const SEARCH_QUERY_MAX_WORDS = 6;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

export const searchQuery = z.object({
  q: z.pipe(
    z.string({ error: 'q is required' }).check(
      z.maxLength(SEARCH_QUERY_MAX_LENGTH, { error: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`, abort: true }),
    ),
    z.transform((raw: string) => raw.trim()),
  ).check(z.minLength(1, { error: 'q is required' })),
  limit: z._default(
    z.coerce.number({ error: 'limit must be a number' }).check(
      z.int({ error: 'limit must be a whole number' }),
      z.minimum(1, { error: 'limit must be at least 1' }),
      z.maximum(SEARCH_MAX_LIMIT, { error: `limit must be at most ${SEARCH_MAX_LIMIT}` }),
    ),
    SEARCH_DEFAULT_LIMIT,
  ),
});
export type SearchQuery = z.output<typeof searchQuery>;

export const searchResultKinds = ['project', 'task', 'note', 'link'] as const;
export type SearchResultKind = (typeof searchResultKinds)[number];

export const searchResult = z.object({
  kind: z.enum(searchResultKinds),
  id: z.string(),
  /** The project it belongs to (a project's own id for a project; null for a link). */
  projectId: z.nullable(z.string()),
  title: z.string(),
  /** A link's address, to open it; null otherwise. */
  url: z.nullable(z.string()),
  /** Whether every word of the query matched, and where the best match was. */
  matchedAllWords: z.boolean(),
  matchedIn: z.enum(['title', 'text']),
  updatedAt: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({ results: z.array(searchResult) });
export type SearchResponse = z.infer<typeof searchResponse>;
