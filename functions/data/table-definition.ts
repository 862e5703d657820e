/**
 * The single table's physical shape. The CDK data stack and the local stack both build the table from
 * this definition; only the entity modules next to this file know which keys mean what.
 */
export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalSecondaryIndexes: [
    /** Inverted lookups: a user's memberships (USER#<user> → WS#<ws>), connections of a workspace. */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /**
     * Sparse: open tasks with a due date, by workspace and date (weekly plan, due today); profiles and
     * pending invitations by lower-cased e-mail (EMAIL#<address>), so an invitation finds the account.
     */
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ] satisfies readonly IndexDefinition[],
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
