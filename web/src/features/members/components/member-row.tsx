import { useId } from 'react';
import type { InvitableRole, MemberView } from '@shared/schemas/member';
import { initials } from '@shared/rules/user-name';
import { Button } from '@/components/ui/button';
import { roleLabels, type MemberRowMode } from '../utils/permissions';

export interface MemberRowProps {
  member: MemberView;
  mode: MemberRowMode;
  /** A change of this member is running (a new role shows at once, until the server confirms or refuses it). */
  busy: boolean;
  onRoleChange: (role: InvitableRole) => void;
  onRemove: () => void;
}

/** One person of the Team Members list: initials avatar, name, e-mail (for owners and admins), role, and controls when allowed. */
export function MemberRow({ member, mode, busy, onRoleChange, onRemove }: MemberRowProps) {
  const selectId = useId();
  return (
    <li className="member-row">
      <span className="avatar member-avatar" aria-hidden="true">
        {initials(member.displayName) || '?'}
      </span>
      <span className="member-identity">
        <span className="member-name">{member.displayName}</span>
        {member.email ? <span className="member-email">{member.email}</span> : null}
      </span>
      {mode === 'manage' && member.role !== 'owner' ? (
        <span className="member-controls">
          <label htmlFor={selectId} className="member-role-label">
            Role<span className="visually-hidden"> of {member.displayName}</span>
          </label>
          <select
            id={selectId}
            className="input select member-role-select"
            value={member.role}
            disabled={busy}
            onChange={(event) => onRoleChange(event.target.value === 'admin' ? 'admin' : 'member')}
          >
            <option value="member">{roleLabels.member}</option>
            <option value="admin">{roleLabels.admin}</option>
          </select>
          <Button size="sm" variant="ghost" className="member-remove" disabled={busy} onClick={onRemove}>
            Remove<span className="visually-hidden"> {member.displayName}</span>
          </Button>
        </span>
      ) : (
        <span className="member-controls">
          <span className={`role-badge role-badge-${member.role}`}>{roleLabels[member.role]}</span>
          {mode === 'owner' ? <span className="member-note">Workspace Owner</span> : null}
          {mode === 'self' ? <span className="member-note">Your Role</span> : null}
        </span>
      )}
    </li>
  );
}
