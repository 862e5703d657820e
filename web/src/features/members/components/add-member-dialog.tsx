import { messageWithRetryHint } from '@/lib/retry-after';
import { ADD_MEMBER_FAILED, useAddMember } from '../api/members';
import { EmailRoleDialog } from './email-role-dialog';

/** Add Member: puts an existing account straight into the workspace (the server notifies them by e-mail). */
export function AddMemberDialog({ workspace, onClose }: { workspace: { id: string; name: string }; onClose: () => void }) {
  return (
    <EmailRoleDialog
      title="Add Member"
      description={`Add someone who already has an account to ${workspace.name}.`}
      submitLabel="Add Member"
      mutation={useAddMember(workspace.id)}
      outcomeOf={(member) => ({ message: `${member.displayName} has been added to ${workspace.name}.`, closesByItself: true })}
      errorMessage={(error) => messageWithRetryHint(error, ADD_MEMBER_FAILED)}
      onClose={onClose}
    />
  );
}
