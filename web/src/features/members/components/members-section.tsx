import { useCallback, useState } from 'react';
import type { InvitableRole, InvitationView, MemberView } from '../../../../../shared/schemas/member';
import type { WorkspaceRole } from '../../../../../shared/schemas/workspace';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { PlusIcon } from '../../../components/ui/icons';
import { apiErrorMessage } from '../../../lib/api-client';
import { FETCH_INVITATIONS_FAILED, getInvitations, REVOKE_INVITATION_FAILED, revokeInvitation } from '../api/invitations';
import { FETCH_MEMBERS_FAILED, getMembers, REMOVE_MEMBER_FAILED, removeMember, UPDATE_ROLE_FAILED, updateMemberRole } from '../api/members';
import { useWorkspaceList } from '../api/use-workspace-list';
import { canManageMembers, memberRowMode, viewerRole } from '../utils/permissions';
import { AddMemberDialog } from './add-member-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
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
 * selects, Remove, Invite Member, Add Member and the pending invitations. Lists reload after each change
 * and on realtime pushes.
 */
export function MembersSection({ workspace, viewer, outboxUrl }: MembersSectionProps) {
  const members = useWorkspaceList(workspace.id, getMembers, FETCH_MEMBERS_FAILED);
  const role = viewerRole(members.items, viewer.userId, workspace.role);
  const manager = canManageMembers(role);
  const invitations = useWorkspaceList(workspace.id, getInvitations, FETCH_INVITATIONS_FAILED, manager);
  const [openDialog, setOpenDialog] = useState<'invite' | 'add' | null>(null);
  const [actionError, setActionError] = useState<string>();
  /** The member (user id) or invitation (e-mail) a change is running for. */
  const [busyKey, setBusyKey] = useState<string | null>(null);
  /** The role just chosen, shown in the select until the reloaded list confirms (or refutes) it. */
  const [chosenRole, setChosenRole] = useState<InvitableRole>();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const reloadMembers = members.reload;
  const reloadInvitations = invitations.reload;

  const reloadAll = useCallback(() => {
    void reloadMembers();
    void reloadInvitations();
  }, [reloadMembers, reloadInvitations]);
  const closeDialog = useCallback(() => setOpenDialog(null), []);

  /** Runs one change for `key`, shows its failure, and reloads the lists whatever the outcome. */
  const runChange = async (key: string, change: () => Promise<unknown>, failure: string) => {
    setActionError(undefined);
    setBusyKey(key);
    try {
      await change();
    } catch (error) {
      setActionError(apiErrorMessage(error, failure));
    }
    await Promise.all([reloadMembers(), reloadInvitations()]);
    setBusyKey(null);
    setChosenRole(undefined);
  };

  const changeRole = (member: MemberView, next: InvitableRole) => {
    setChosenRole(next);
    void runChange(member.userId, () => updateMemberRole(workspace.id, member.userId, next), UPDATE_ROLE_FAILED);
  };

  const remove = async (member: MemberView) => {
    const confirmed = await confirm({
      title: 'Remove Member',
      message: `Are you sure you want to remove ${member.displayName} from this workspace?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) await runChange(member.userId, () => removeMember(workspace.id, member.userId), REMOVE_MEMBER_FAILED);
  };

  const revoke = (invitation: InvitationView) =>
    void runChange(invitation.email, () => revokeInvitation(workspace.id, invitation.email), REVOKE_INVITATION_FAILED);

  const self = members.items.find((member) => member.userId === viewer.userId);

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
        {actionError ? <Alert className="card-alert">{actionError}</Alert> : null}
        {members.loading ? (
          <p className="muted" role="status">
            Loading team members...
          </p>
        ) : members.error ? (
          <Alert>{members.error}</Alert>
        ) : (
          <ul className="member-list" aria-labelledby="team-members-title">
            {members.items.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                mode={memberRowMode({ userId: viewer.userId, role }, member)}
                busy={busyKey === member.userId}
                shownRole={busyKey === member.userId ? chosenRole : undefined}
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
          invitations={invitations.items}
          loading={invitations.loading}
          error={invitations.error}
          revoking={busyKey}
          onRevoke={revoke}
        />
      ) : null}

      {openDialog === 'invite' ? (
        <InviteMemberDialog
          workspace={workspace}
          inviter={{ displayName: self?.displayName, email: viewer.email }}
          onInvited={reloadAll}
          onClose={closeDialog}
        />
      ) : null}
      {openDialog === 'add' ? <AddMemberDialog workspace={workspace} onAdded={reloadAll} onClose={closeDialog} /> : null}
      {confirmDialog}
    </>
  );
}
