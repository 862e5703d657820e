import { indexes, type IndexKeys } from './keys.js';

/**
 * The single table's physical shape. The CDK data stack and the local stack both build the table from
 * this definition; its indexes are the ones functions/data/keys.ts defines (and alone knows the use of).
 */
export type IndexDefinition = IndexKeys;

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalSecondaryIndexes: Object.values(indexes) satisfies readonly IndexDefinition[],
  /** Epoch seconds; DynamoDB deletes the item after it (stale WebSocket connections, invitation counters). */
  timeToLiveAttribute: 'expiresAt',
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/** Every key attribute, all of type string. */
export function keyAttributeNames(): string[] {
  return [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
}
