import { decodeCursor, queryTaskIndex, type IndexPage, type IndexQuery } from '../data/task-index.js';
import { BadRequestError } from '../lib/errors.js';

const BAD_CURSOR = 'cursor is not one this API made for this question';

/** One page of an index question from the client's cursor; a cursor this question could not have made is a 400. */
export function readIndexPage(indexQuery: IndexQuery, page: { limit: number; cursor?: string | undefined }): Promise<IndexPage> {
  const startKey = page.cursor === undefined ? undefined : decodeCursor(page.cursor, indexQuery);
  if (page.cursor !== undefined && !startKey) throw new BadRequestError(`cursor: ${BAD_CURSOR}`, [{ field: 'cursor', message: BAD_CURSOR }]);
  return queryTaskIndex(indexQuery, page.limit, startKey);
}
