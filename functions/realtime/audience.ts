import type { WorkspaceChange } from '../../shared/realtime.js';
import { listWorkspaceSubscribers, tokenExpired, unsubscribe } from '../data/connection.js';
// eslint-disable-next-line import-x/no-restricted-paths -- the fan-out re-checks every subscriber against the members, one Query per workspace per batch, for no caller (domain/ reads members as a caller)
import { listMembersOf } from '../data/membership.js';
import { refusedForTwoFactor } from '../domain/authorize.js';
import { workspaceFrames } from './frames.js';
import { closeConnection, pushInOrder } from './push.js';

/**
 * Who hears a workspace's changes: its subscribers who are still members (and, where the workspace requires
 * it of owners and admins, sign in with two factors), on connections whose token has not expired (one Query
 * each of subscribers and members, per workspace per stream batch). The others are to be unsubscribed;
 * connections past their token's expiry, closed.
 */
export async function audienceOf(workspaceId: string) {
  const [subscribers, members] = await Promise.all([listWorkspaceSubscribers(workspaceId), listMembersOf(workspaceId)]);
  const subscribedIds = new Set(subscribers.map((subscriber) => subscriber.userId));
  const twoFactorRefused = await refusedForTwoFactor(workspaceId, members.filter((member) => subscribedIds.has(member.userId)));
  const memberIds = new Set(members.filter((member) => !twoFactorRefused.has(member.userId)).map((member) => member.userId));
  const expired = subscribers.filter((subscriber) => tokenExpired(subscriber));
  const current = subscribers.filter((subscriber) => !expired.includes(subscriber));
  const allowed = current.filter((subscriber) => subscriber.userId !== undefined && memberIds.has(subscriber.userId));
  return { workspaceId, allowed, refused: current.filter((subscriber) => !allowed.includes(subscriber)), expired };
}

export type Audience = Awaited<ReturnType<typeof audienceOf>>;

/** Sends the changes to the members listening, in as few frames as fit; drops the others' subscriptions, closes expired connections. */
export async function pushToAudience({ workspaceId, allowed, refused, expired }: Audience, changes: readonly WorkspaceChange[]): Promise<void> {
  await Promise.all([
    ...expired.map((subscriber) => closeConnection(subscriber.connectionId)),
    pushInOrder(
      allowed.map((subscriber) => subscriber.connectionId),
      workspaceFrames(workspaceId, changes),
    ),
    refused.length > 0 ? unsubscribe(workspaceId, refused.map((subscriber) => subscriber.connectionId)) : undefined,
  ]);
}
