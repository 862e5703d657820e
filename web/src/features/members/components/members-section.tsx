import { useCallback, useState } from 'react';
import type { InvitableRole, InvitationView, MemberView } from '@shared/schemas/member';
import type { WorkspaceRole } from '@shared/schemas/workspace';
import { ActionAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { FETCH_INVITATIONS_FAILED, REVOKE_INVITATION_FAILED, useInvitations, useRevokeInvitation } from '../api/invitations';
import { FETCH_MEMBERS_FAILED, REMOVE_MEMBER_FAILED, UPDATE_ROLE_FAILED, useMembers, useRemoveMember, useUpdateMemberRole } from '../api/members';
import { canLeaveWorkspace, canManageMembers, memberRowMode, viewerRole } from '../utils/permissions';
import { AddMemberDialog } from './add-member-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { LeaveWorkspace } from './leave-workspace';
import { MemberRow } from './member-row';
import { PendingInvitations } from './pending-invitations';
import './members.css';

export interface MembersSectionProps {
  workspace: { id: string; name: string; role: WorkspaceRole };
  viewer: { userId: string; email: string };
  /** Local stack only: the page listing the mails the app sent. */
  outboxUrl?: string | undefined;
}

/**
 * Team Members of Workspace Settings (spec core §2, §6): the list, and for owner and admin the role
 * selects, Remove, Invite Member, Add Member and the pending invitations; Leave Workspace for all but the owner. Changes show at once; realtime
 * pushes keep the lists current.
 */
export function MembersSection({ workspace, viewer, outboxUrl }: MembersSectionProps) {
  const members = useMembers(workspace.id);
  const memberList = members.data ?? [];
  const role = viewerRole(memberList, viewer.userId, workspace.role);
  const manager = canManageMembers(role);
  const invitations = useInvitations(workspace.id, manager);
  const updateRole = useUpdateMemberRole(workspace.id);
  const removeMember = useRemoveMember(workspace.id);
  const revokeInvitation = useRevokeInvitation(workspace.id);
  const reportFailure = useReportWriteFailure();
  const [openDialog, setOpenDialog] = useState<'invite' | 'add' | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const closeDialog = useCallback(() => setOpenDialog(null), []);

  const remove = async (member: MemberView) => {
    const confirmed = await confirm({
      title: 'Remove Member',
      message: `Are you sure you want to remove ${member.displayName} from this workspace?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) sendRemove(member);
  };

  // A failed change is a toast with the spec's fallback text for its kind, and Retry.
  const sendRemove = (member: MemberView) =>
    removeMember.mutate(member, { onError: (error) => reportFailure(error, REMOVE_MEMBER_FAILED, () => sendRemove(member)) });
  const revoke = (invitation: InvitationView) =>
    revokeInvitation.mutate(invitation, { onError: (error) => reportFailure(error, REVOKE_INVITATION_FAILED, () => revoke(invitation)) });
  const changeRole = (member: MemberView, role: InvitableRole) =>
    updateRole.mutate({ member, role }, { onError: (error) => reportFailure(error, UPDATE_ROLE_FAILED) });
  const busyMember = (updateRole.isPending && updateRole.variables.member.userId) || (removeMember.isPending && removeMember.variables.userId) || null;
  const revoking = revokeInvitation.isPending ? revokeInvitation.variables.email : null;

  const self = memberList.find((member) => member.userId === viewer.userId);

  return (
    <>
      <section className="card" aria-labelledby="team-members-title">
        <div className="card-header">
          <h2 id="team-members-title" className="card-title">
            Team Members
          </h2>
          {manager ? (
            <div className="card-actions">
              <Button size="sm" onClick={() => setOpenDialog('add')}>
                Add Member
              </Button>
              <Button size="sm" variant="primary" onClick={() => setOpenDialog('invite')}>
                <PlusIcon />
                Invite Member
              </Button>
            </div>
          ) : null}
        </div>
        {manager ? (
          <p className="muted member-actions-hint">
            Add Member puts someone who already has an account straight in; Invite Member e-mails an invitation to an address that has none yet (or adds the account, if it has one).
          </p>
        ) : null}
        {members.isPending ? (
          <SkeletonLines label="Loading team members..." lines={3} />
        ) : members.isError ? (
          <ActionAlert message={FETCH_MEMBERS_FAILED} actionLabel="Retry" onAction={() => void members.refetch()} />
        ) : (
          <ul className="member-list" aria-labelledby="team-members-title">
            {memberList.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                mode={memberRowMode({ userId: viewer.userId, role }, member)}
                busy={busyMember === member.userId}
                onRoleChange={(next) => changeRole(member, next)}
                onRemove={() => void remove(member)}
              />
            ))}
          </ul>
        )}
        {manager && outboxUrl ? (
          <p className="muted member-outbox">
            Local stack: mails sent to members are in the{' '}
            <a href={outboxUrl} target="_blank" rel="noreferrer">
              local outbox
            </a>
            .
          </p>
        ) : null}
      </section>

      {manager ? (
        <PendingInvitations
          invitations={invitations.data ?? []}
          loading={invitations.isPending}
          error={invitations.isError ? FETCH_INVITATIONS_FAILED : null}
          onRetry={() => void invitations.refetch()}
          revoking={revoking}
          onRevoke={revoke}
        />
      ) : null}

      {canLeaveWorkspace(role) ? <LeaveWorkspace workspace={workspace} /> : null}

      {openDialog === 'invite' ? (
        <InviteMemberDialog
          workspace={workspace}
          inviter={{ displayName: self?.displayName, email: viewer.email }}
          onClose={closeDialog}
        />
      ) : null}
      {openDialog === 'add' ? <AddMemberDialog workspace={workspace} onClose={closeDialog} /> : null}
      {confirmDialog}
    </>
  );
}
