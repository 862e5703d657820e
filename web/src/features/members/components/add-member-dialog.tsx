import { useCallback } from 'react';
import type { InvitableRole } from '../../../../../shared/schemas/member';
import { apiErrorMessage } from '../../../lib/api-client';
import { ADD_MEMBER_FAILED, addMember } from '../api/members';
import { EmailRoleDialog, type EmailRoleOutcome } from './email-role-dialog';

/** Add Member: puts an existing account straight into the workspace (the server notifies them by e-mail). */
export function AddMemberDialog({ workspace, onAdded, onClose }: { workspace: { id: string; name: string }; onAdded: () => void; onClose: () => void }) {
  const submit = useCallback(
    async ({ email, role }: { email: string; role: InvitableRole }): Promise<EmailRoleOutcome> => {
      const member = await addMember(workspace.id, { email, role });
      onAdded();
      return { message: `${member.displayName} has been added to ${workspace.name}.`, closesByItself: true };
    },
    [workspace.id, workspace.name, onAdded],
  );

  return (
    <EmailRoleDialog
      title="Add Member"
      description={`Add someone who already has an account to ${workspace.name}.`}
      submitLabel="Add Member"
      submit={submit}
      errorMessage={(error) => apiErrorMessage(error, ADD_MEMBER_FAILED)}
      onClose={onClose}
    />
  );
}
