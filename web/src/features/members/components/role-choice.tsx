import { useId } from 'react';
import { invitableRoleDescriptions, invitableRoles, type InvitableRole } from '@shared/schemas/member';
import { roleLabels } from '../utils/permissions';

/** The role to give: Member (default) or Admin, each with the spec's description (core §6). */
export function RoleChoice({ value, onChange, disabled = false }: { value: InvitableRole; onChange: (role: InvitableRole) => void; disabled?: boolean }) {
  const groupName = useId();
  return (
    <fieldset className="role-choice" disabled={disabled}>
      <legend>Role</legend>
      {invitableRoles.map((role) => {
        const id = `${groupName}-${role}`;
        return (
          <label key={role} htmlFor={id} className="role-option">
            <input
              id={id}
              type="radio"
              name={groupName}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-description`}
            />
            <span className="role-option-text">
              <span id={`${id}-name`} className="role-option-name">
                {roleLabels[role]}
              </span>
              <span id={`${id}-description`} className="role-option-description">
                {invitableRoleDescriptions[role]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
