import { useState, type ReactNode } from 'react';
import type { UpdateWorkspaceInput, WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/form-fields';
import { apiErrorMessage } from '@/lib/api-client';
import { UPDATE_WORKSPACE_FAILED, useUpdateWorkspace } from '../api/update-workspace';
import { canChangeWorkspaceSettings } from '../utils/permissions';

type SwitchName = 'autoWeeklyPlan' | 'blockersMustBeDone' | 'requireTwoFactor' | 'apiTokensEnabled' | 'allowNonExpiringTokens';

/** One on/off setting of the workspace in a card: owners and admins switch it (`ownerOnly`: the owner); others see it. */
function WorkspaceSwitch({
  workspace,
  name,
  title,
  label,
  ownerOnly = false,
  children,
}: {
  workspace: WorkspaceView;
  name: SwitchName;
  title: string;
  label: string;
  ownerOnly?: boolean;
  children: ReactNode;
}) {
  const update = useUpdateWorkspace(workspace.id);
  const mayChange = ownerOnly ? workspace.role === 'owner' : canChangeWorkspaceSettings(workspace.role);
  // The choice shows at once (set in the same event) and until the answer is in the workspace list.
  const [choice, setChoice] = useState<boolean | null>(null);
  const change = (on: boolean) => {
    setChoice(on);
    const input: UpdateWorkspaceInput = { [name]: on };
    update.mutate(input, { onSettled: () => setChoice(null) });
  };
  return (
    <Card title={title}>
      {update.isError ? <Alert>{apiErrorMessage(update.error, UPDATE_WORKSPACE_FAILED)}</Alert> : null}
      <fieldset className="form" disabled={!mayChange || update.isPending}>
        <legend className="visually-hidden">{title}</legend>
        <CheckboxField label={label} checked={choice ?? workspace[name]} onChange={change} />
        <p className="muted">
          {children}
          {mayChange ? '' : ownerOnly ? ' Only the owner can change this.' : ' Only owners and admins can change this.'}
        </p>
      </fieldset>
    </Card>
  );
}

/** "Plan my week automatically": the Monday plan, as if someone pressed Generate. */
export function AutoPlanSetting({ workspace }: { workspace: WorkspaceView }) {
  return (
    <WorkspaceSwitch workspace={workspace} name="autoWeeklyPlan" title="Weekly Plan" label="Plan my week automatically">
      Every Monday at 06:00 UTC the week is planned as if someone pressed Generate: the pending tasks get due dates over the next 7 days.
    </WorkspaceSwitch>
  );
}

/** Dependencies (issue 31): whether a task with open blockers may be completed. */
export function BlockersSetting({ workspace }: { workspace: WorkspaceView }) {
  return (
    <WorkspaceSwitch workspace={workspace} name="blockersMustBeDone" title="Dependencies" label="A task can't be completed while a task blocking it is open">
      Tasks list what blocks them under Blocked by, and show Blocked until those are done. The weekly plan always puts a task after its blockers.
    </WorkspaceSwitch>
  );
}

/**
 * Two-factor sign-in for owners and admins (issue 35): the owner's to switch, and only once they use it
 * themselves (the server says so otherwise, shown in the card).
 */
export function TwoFactorRequirementSetting({ workspace }: { workspace: WorkspaceView }) {
  return (
    <WorkspaceSwitch
      workspace={workspace}
      name="requireTwoFactor"
      title="Two-Factor Sign-In"
      label="Owners and admins must sign in with two-factor authentication"
      ownerOnly
    >
      An owner or admin who has not turned on two-factor sign-in (Settings, Two-Factor Authentication) cannot open this workspace until they do.
      Members are not affected.
    </WorkspaceSwitch>
  );
}

/** Personal API tokens (issue 38): whether members' tokens work here at all. */
export function ApiTokenAccessSetting({ workspace }: { workspace: WorkspaceView }) {
  return (
    <WorkspaceSwitch workspace={workspace} name="apiTokensEnabled" title="API Tokens" label="Allow API tokens">
      Members can make personal API tokens (Settings, API tokens) for scripts and integrations; each acts as its member, with their role. Off, every
      token is refused here.
    </WorkspaceSwitch>
  );
}

/** Whether a token that reaches this workspace may be made to never expire. */
export function NonExpiringTokensSetting({ workspace }: { workspace: WorkspaceView }) {
  return (
    <WorkspaceSwitch workspace={workspace} name="allowNonExpiringTokens" title="Tokens That Never Expire" label="Allow API tokens that never expire">
      Otherwise every token that reaches this workspace expires after 30, 90 or 365 days.
    </WorkspaceSwitch>
  );
}
