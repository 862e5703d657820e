import type { WorkspaceChange } from '../../shared/realtime.js';
import { listWorkspaceSubscribers, unsubscribe } from '../data/connection.js';
import { listMembersOf } from '../data/membership.js';
import { workspaceFrames } from './frames.js';
import { pushInOrder } from './push.js';

/**
 * Who hears a workspace's changes: its subscribers who are still members (one Query each of subscribers and
 * members, per workspace per stream batch); the others are to be unsubscribed.
 */
export async function audienceOf(workspaceId: string) {
  const [subscribers, members] = await Promise.all([listWorkspaceSubscribers(workspaceId), listMembersOf(workspaceId)]);
  const memberIds = new Set(members.map((member) => member.userId));
  const allowed = subscribers.filter((subscriber) => subscriber.userId !== undefined && memberIds.has(subscriber.userId));
  return { workspaceId, allowed, refused: subscribers.filter((subscriber) => !allowed.includes(subscriber)) };
}

export type Audience = Awaited<ReturnType<typeof audienceOf>>;

/** Sends the changes to the members listening, in as few frames as fit, and drops the others' subscriptions. */
export async function pushToAudience({ workspaceId, allowed, refused }: Audience, changes: readonly WorkspaceChange[]): Promise<void> {
  await Promise.all([
    pushInOrder(
      allowed.map((subscriber) => subscriber.connectionId),
      workspaceFrames(workspaceId, changes),
    ),
    refused.length > 0 ? unsubscribe(workspaceId, refused.map((subscriber) => subscriber.connectionId)) : undefined,
  ]);
}
