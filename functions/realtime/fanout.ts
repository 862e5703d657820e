import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { listConnectionsOfUser, listWorkspaceSubscribers } from '../data/connection.js';
import { membershipUserIdFromKeys, workspaceIdFromKeys } from '../data/membership.js';
import { logger } from '../lib/logger.js';
import { push } from './push.js';

/**
 * Table stream → WebSocket pushes. A membership change tells its user to reload their workspaces; any
 * other change inside a workspace tells that workspace's subscribers. One push per target per batch.
 */
export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function fanout(event) {
    const usersToNotify = new Set<string>();
    const workspacesToNotify = new Set<string>();
    for (const record of event.Records) {
      const rawKeys = record.dynamodb?.Keys;
      if (!rawKeys) continue;
      const keys = unmarshall(rawKeys as Record<string, AttributeValue>) as { PK?: string; SK?: string };
      const memberUserId = membershipUserIdFromKeys(keys);
      const workspaceId = workspaceIdFromKeys(keys);
      if (memberUserId) usersToNotify.add(memberUserId);
      if (workspaceId) workspacesToNotify.add(workspaceId);
    }
    await Promise.all([
      ...[...usersToNotify].map(async (userId) =>
        push(await listConnectionsOfUser(userId), { type: 'workspaces.changed' }),
      ),
      ...[...workspacesToNotify].map(async (workspaceId) =>
        push(await listWorkspaceSubscribers(workspaceId), { type: 'workspace.changed', workspaceId }),
      ),
    ]);
  });
