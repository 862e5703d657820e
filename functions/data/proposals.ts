import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { toolProposal, type ToolProposal } from '../../shared/schemas/chat.js';
import { chatItemsByToken } from './chat-runs.js';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * Writes the assistant proposed instead of making them (a reply that had read text others wrote): the tool
 * call, kept for its user in that workspace until applied once, or until it expires (TTL), like an undo.
 */
const PROPOSAL_LIFETIME_SECONDS = 24 * 60 * 60;
/** An apply that died half-way (a crashed function) holds the proposal this long, then it may be applied again. */
const CLAIM_SECONDS = 60;

export const proposedCall = z.object({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  /** Where the reply ran: the tool runs there when applied (the chat's project, the user's today and zone). */
  projectId: z.nullable(z.string()),
  today: z.string(),
  timeZone: z.optional(z.string()),
});
export type ProposedCall = z.infer<typeof proposedCall>;

const applied = z.object({ message: z.string(), undo: z.optional(z.object({ token: z.string(), label: z.string() })) });
const storedProposal = z.object({
  entity: z.literal('ToolProposal'),
  call: proposedCall,
  expiresAt: z.number(),
  claimedUntil: z.optional(z.number()),
  applied: z.optional(applied),
});

export async function putProposal(workspaceId: string, userId: string, token: string, call: ProposedCall): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.proposal(workspaceId, userId, token), entity: 'ToolProposal', call, expiresAt: epochSeconds() + PROPOSAL_LIFETIME_SECONDS },
    }),
  );
}

export type Claim = { call: ProposedCall } | { applied: z.infer<typeof applied> } | 'missing' | 'busy';

/**
 * Takes the caller's proposal to apply it: one apply at a time (a double click, two tabs), and never again
 * once applied (answered with what applying did).
 */
export async function claimProposal(workspaceId: string, userId: string, token: string): Promise<Claim> {
  const key = keys.proposal(workspaceId, userId, token);
  const now = epochSeconds();
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const stored = Item ? storedProposal.parse(Item) : undefined;
  if (!stored || stored.expiresAt <= now) return 'missing';
  if (stored.applied) return { applied: stored.applied };
  const claimed = await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(applied) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': now + CLAIM_SECONDS, ':now': now },
      }),
    ),
  );
  return claimed ? { call: stored.call } : 'busy';
}

/** The apply failed (the tool refused): the proposal may be applied again. */
export async function releaseProposal(workspaceId: string, userId: string, token: string): Promise<void> {
  await documentClient.send(new UpdateCommand({ TableName: tableName, Key: keys.proposal(workspaceId, userId, token), UpdateExpression: 'REMOVE claimedUntil' }));
}

export async function markApplied(workspaceId: string, userId: string, token: string, outcome: z.infer<typeof applied>): Promise<void> {
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.proposal(workspaceId, userId, token),
        UpdateExpression: 'SET applied = :applied REMOVE claimedUntil',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':applied': outcome },
      }),
    ),
  );
}

/** Each of these proposals of the caller as it stands: still to apply, or applied (with what it did); expired ones absent. */
export async function getProposalStates(workspaceId: string, userId: string, tokens: readonly string[]): Promise<Map<string, ToolProposal>> {
  const states = new Map<string, ToolProposal>();
  for (const [token, item] of await chatItemsByToken(workspaceId, userId, tokens, (token) => keys.proposal(workspaceId, userId, token))) {
    const stored = storedProposal.parse(item);
    if (stored.expiresAt > epochSeconds()) states.set(token, toolProposal.parse({ token, ...(stored.applied ? { applied: stored.applied } : {}) }));
  }
  return states;
}
