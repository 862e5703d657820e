import type { MemberView } from '@shared/schemas/member';
import { initials } from '@shared/rules/user-name';
import { SelectField } from '@/components/ui/form-fields';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useWorkspaceMembers } from '@/features/members';

/** The member a task is assigned to, from the workspace's cached member list (undefined while unknown). */
function useAssignee(userId: string | null): MemberView | undefined {
  const { currentWorkspace } = useCurrentWorkspace();
  const { data: members } = useWorkspaceMembers(userId ? currentWorkspace?.id : undefined);
  return userId ? members?.find((member) => member.userId === userId) : undefined;
}

/** The assignee's initials on a card or row; someone who left the workspace shows as '?'. */
export function AssigneeAvatar({ userId }: { userId: string | null }) {
  const member = useAssignee(userId);
  if (!userId) return null;
  const name = member?.displayName ?? 'a former member';
  return (
    <span className="avatar avatar-sm task-assignee" title={`Assigned to ${name}`}>
      <span aria-hidden="true">{member ? initials(member.displayName) || '?' : '?'}</span>
      <span className="visually-hidden">Assigned to {name}</span>
    </span>
  );
}

/** 'Assignee' in the task dialog: the workspace's members, or Unassigned. */
export function AssigneeField({ value, onChange, error }: { value: string; onChange: (userId: string) => void; error?: string | undefined }) {
  const { currentWorkspace } = useCurrentWorkspace();
  const members = useWorkspaceMembers(currentWorkspace?.id);
  const known = value === '' || members.data?.some((member) => member.userId === value);
  return (
    <SelectField label="Assignee" name="assignedTo" value={value} onChange={(event) => onChange(event.target.value)} error={error} disabled={members.isPending}>
      <option value="">Unassigned</option>
      {members.data?.map((member) => (
        <option key={member.userId} value={member.userId}>
          {member.displayName}
        </option>
      ))}
      {/* Kept as it is until changed: the task was assigned to someone who has left. */}
      {known || members.isPending ? null : <option value={value}>Former member</option>}
    </SelectField>
  );
}
