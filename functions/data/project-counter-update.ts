import type { CounterChanges, ProjectCounter } from '../../shared/rules/project-counters.js';
import { tableName } from './client.js';
import { keys } from './keys.js';
import type { TransactItems } from './table-operations.js';

/**
 * The write that moves a project's counters, for every module that writes a counted child (project-children.ts)
 * or a comment on the project (comments.ts); apart from projects.ts so those need not import it (it deletes
 * their items with the project).
 */
export const PROJECT_ENTITY = 'Project';
/** Set on a project while its deletion runs: no child may be written under it from then on. */
export const DELETING_SINCE = 'deletingSince';

/**
 * The project's counters changed by `changes`, in a transaction, on condition that the project exists and
 * is not being deleted (so its deletion's one sweep leaves no child behind).
 */
export function projectCounterUpdate(workspaceId: string, projectId: string, changes: CounterChanges): TransactItems[number] {
  const names = Object.keys(changes);
  return {
    Update: {
      TableName: tableName,
      Key: keys.project(workspaceId, projectId),
      UpdateExpression: `ADD ${names.map((name) => `#${name} :${name}`).join(', ')}, #countsRevision :one`,
      ConditionExpression: `#entity = :project AND attribute_not_exists(${DELETING_SINCE})`,
      // A project that is there but refused is one being deleted (see project-children.ts's `refusedByProject`).
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ExpressionAttributeNames: { '#entity': 'entity', '#countsRevision': 'countsRevision', ...Object.fromEntries(names.map((name) => [`#${name}`, name])) },
      ExpressionAttributeValues: { ':project': PROJECT_ENTITY, ':one': 1, ...Object.fromEntries(names.map((name) => [`:${name}`, changes[name as ProjectCounter]])) },
    },
  };
}
