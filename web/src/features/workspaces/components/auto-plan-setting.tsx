import { useState } from 'react';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/form-fields';
import { apiErrorMessage } from '@/lib/api-client';
import { UPDATE_WORKSPACE_FAILED, useUpdateWorkspace } from '../api/update-workspace';
import { canChangeWorkspaceSettings } from '../utils/permissions';

/** "Plan my week automatically": owners and admins switch the Monday plan on or off; others see it. */
export function AutoPlanSetting({ workspace }: { workspace: WorkspaceView }) {
  const update = useUpdateWorkspace(workspace.id);
  const mayChange = canChangeWorkspaceSettings(workspace.role);
  // The choice shows at once (set in the same event) and until the answer is in the workspace list.
  const [choice, setChoice] = useState<boolean | null>(null);
  const change = (autoWeeklyPlan: boolean) => {
    setChoice(autoWeeklyPlan);
    update.mutate({ autoWeeklyPlan }, { onSettled: () => setChoice(null) });
  };
  return (
    <Card title="Weekly Plan">
      {update.isError ? <Alert>{apiErrorMessage(update.error, UPDATE_WORKSPACE_FAILED)}</Alert> : null}
      <fieldset className="form" disabled={!mayChange || update.isPending}>
        <legend className="visually-hidden">Weekly plan</legend>
        <CheckboxField label="Plan my week automatically" checked={choice ?? workspace.autoWeeklyPlan} onChange={change} />
        <p className="muted">
          Every Monday at 06:00 UTC the week is planned as if someone pressed Generate: the pending tasks get due dates over the next 7 days.
          {mayChange ? '' : ' Only owners and admins can change this.'}
        </p>
      </fieldset>
    </Card>
  );
}
