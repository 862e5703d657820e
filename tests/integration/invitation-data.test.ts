import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTeam, useTestTable } from './member-fixtures.js';

/**
 * Invitations straight against the test stack's DynamoDB Local: one is stored only while its sender still
 * manages the workspace, checked in the same write, so an invitation sent at the moment of a demotion can
 * not slip past the sweep of the demoted admin's invitations.
 */
useTestTable();

describe('storing an invitation', () => {
  it('checks in the write that its sender is still an owner or admin, and answers the one it replaced', async () => {
    const { storeInvitation, listInvitationsOf, invitationExpiry } = await import('../../functions/data/invitation.js');
    const { updateMemberRole } = await import('../../functions/data/membership.js');
    const team = await createTeam();
    const createdAt = new Date().toISOString();
    const invitation = (invitedBy: string, role: 'member' | 'admin' = 'member') => ({
      workspaceId: team.workspaceId,
      email: `new-${randomUUID()}@example.com`,
      role,
      invitedBy,
      createdAt,
      expiresAt: invitationExpiry(createdAt),
    });

    const byAdmin = invitation(team.admin.userId);
    expect(await storeInvitation(byAdmin)).toEqual({ replaced: undefined });
    expect(await storeInvitation({ ...byAdmin, role: 'admin', invitedBy: team.owner.userId })).toEqual({ replaced: byAdmin });

    // The admin is demoted between the route's role check and the write: the write refuses.
    await updateMemberRole(team.workspaceId, team.admin.userId, 'member');
    const late = invitation(team.admin.userId);
    expect(await storeInvitation(late)).toBe('sender-not-managing');
    expect(await storeInvitation(invitation(team.member.userId))).toBe('sender-not-managing');
    expect(await storeInvitation(invitation(randomUUID()))).toBe('sender-not-managing');
    expect((await listInvitationsOf(team.workspaceId)).map((stored) => stored.email)).toEqual([byAdmin.email]);
  });

  it('takes back an invitation whose mail failed only while it is the stored one, and never brings back a demoted sender\'s', async () => {
    const { storeInvitation, takeBackInvitation, listInvitationsOf, invitationExpiry } = await import('../../functions/data/invitation.js');
    const { updateMemberRole } = await import('../../functions/data/membership.js');
    const team = await createTeam();
    const email = `again-${randomUUID()}@example.com`;
    const invitation = (invitedBy: string, createdAt: string) => ({ workspaceId: team.workspaceId, email, role: 'member' as const, invitedBy, createdAt, expiresAt: invitationExpiry(createdAt) });
    // Recent enough to be pending (an invitation expires after 14 days).
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const stored = async () => (await listInvitationsOf(team.workspaceId)).find((candidate) => candidate.email === email);

    // The owner's invitation replaces the admin's; its mail fails: the admin's comes back.
    const byAdmin = invitation(team.admin.userId, minutesAgo(40));
    await storeInvitation(byAdmin);
    const byOwner = invitation(team.owner.userId, minutesAgo(30));
    expect(await storeInvitation(byOwner)).toEqual({ replaced: byAdmin });
    await takeBackInvitation(byOwner, byAdmin);
    expect(await stored()).toEqual(byAdmin);

    // Again, but the admin is demoted before the take-back: theirs does not come back, and the owner's goes.
    expect(await storeInvitation(byOwner)).toEqual({ replaced: byAdmin });
    await updateMemberRole(team.workspaceId, team.admin.userId, 'member');
    await takeBackInvitation(byOwner, byAdmin);
    expect(await stored()).toBeUndefined();

    // A newer invitation stored before the take-back stays.
    const first = invitation(team.owner.userId, minutesAgo(20));
    await storeInvitation(first);
    const newer = invitation(team.owner.userId, minutesAgo(10));
    await storeInvitation(newer);
    await takeBackInvitation(first, undefined);
    expect(await stored()).toEqual(newer);
  });
});
