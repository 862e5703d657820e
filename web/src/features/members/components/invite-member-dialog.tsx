import { useCallback } from 'react';
import type { InvitableRole } from '../../../../../shared/schemas/member';
import { inviteErrorMessage, inviterName, sendInvitation } from '../api/invitations';
import { EmailRoleDialog, type EmailRoleOutcome } from './email-role-dialog';

export interface InviteMemberDialogProps {
  workspace: { id: string; name: string };
  /** The inviting user, for the payload's inviterName. */
  inviter: { displayName?: string | undefined; email: string };
  /** Runs after every successful call (the lists reload). */
  onInvited: () => void;
  onClose: () => void;
}

/**
 * Invite Member (spec core §4): an existing account is added and notified, and the dialog closes after
 * 3 seconds; otherwise the invitation is stored and the person must create an account first.
 */
export function InviteMemberDialog({ workspace, inviter, onInvited, onClose }: InviteMemberDialogProps) {
  const fromName = inviterName(inviter);
  const submit = useCallback(
    async ({ email, role }: { email: string; role: InvitableRole }): Promise<EmailRoleOutcome> => {
      const result = await sendInvitation({ email, role, workspaceName: workspace.name, inviterName: fromName, workspaceId: workspace.id });
      onInvited();
      if (result.requiresSignup) {
        return {
          message: `Invitation sent to ${email}. They must create an account with this email address first; then they join ${workspace.name}.`,
          closesByItself: false,
        };
      }
      const name = result.member?.displayName ?? email;
      return { message: `${name} has been added to ${workspace.name} and notified by email.`, closesByItself: true };
    },
    [workspace.id, workspace.name, fromName, onInvited],
  );

  return (
    <EmailRoleDialog
      title="Invite Member"
      description={`Invite someone to ${workspace.name} by email.`}
      submitLabel="Send Invitation"
      submit={submit}
      errorMessage={inviteErrorMessage}
      onClose={onClose}
    />
  );
}
