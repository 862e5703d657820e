import { inviteErrorMessage, inviterName, useSendInvitation } from '../api/invitations';
import { EmailRoleDialog } from './email-role-dialog';

export interface InviteMemberDialogProps {
  workspace: { id: string; name: string };
  /** The inviting user, for the payload's inviterName. */
  inviter: { displayName?: string | undefined; email: string };
  onClose: () => void;
}

/**
 * Invite Member (spec core §4): an existing account is added and notified, and the dialog closes after
 * 3 seconds; otherwise the invitation is stored and the person must create an account first.
 */
export function InviteMemberDialog({ workspace, inviter, onClose }: InviteMemberDialogProps) {
  const send = useSendInvitation(workspace, inviterName(inviter));
  return (
    <EmailRoleDialog
      title="Invite Member"
      description={`Invite someone to ${workspace.name} by email.`}
      submitLabel="Send Invitation"
      mutation={send}
      outcomeOf={(result, { email }) =>
        result.requiresSignup
          ? {
              message: `Invitation sent to ${email}. They must create an account with this email address first; then they join ${workspace.name}.`,
              closesByItself: false,
            }
          : {
              message: `${result.member?.displayName ?? email} has been added to ${workspace.name}${result.mailed === false ? '; they will see it when they next open TaskFlow.' : ' and notified by email.'}`,
              closesByItself: true,
            }
      }
      errorMessage={inviteErrorMessage}
      onClose={onClose}
    />
  );
}
