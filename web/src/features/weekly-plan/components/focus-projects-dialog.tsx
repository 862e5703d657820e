import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/ui/form-fields';
import type { PlanProject } from '../utils/plan-days';

/**
 * The Generate flow's second step, 'Focus Projects (Optional)': the projects whose tasks go earlier. Its own
 * chunk (weekly-plan-card.tsx loads it when the step opens); the choice is forgotten when it closes.
 */
export function FocusProjectsDialog({
  projects,
  error,
  generating,
  onGenerate,
  onCancel,
}: {
  projects: readonly PlanProject[];
  /** The failed generation's message, if the last try failed. */
  error: string | null;
  generating: boolean;
  onGenerate: (focusProjectIds: string[]) => void;
  onCancel: () => void;
}) {
  const [focus, setFocus] = useState<ReadonlySet<string>>(new Set());
  const choose = (projectId: string, checked: boolean) =>
    setFocus((current) => {
      const next = new Set(current);
      if (checked) next.add(projectId);
      else next.delete(projectId);
      return next;
    });

  return (
    <Dialog title="Focus Projects (Optional)" description="Tasks of the projects you choose are scheduled earlier." onClose={onCancel} className="dialog-narrow">
      <fieldset className="plan-focus">
        <legend className="visually-hidden">Focus projects</legend>
        {projects.length === 0 ? <p className="muted">No projects yet.</p> : null}
        {projects.map((project) => (
          <CheckboxField key={project.id} label={project.name} checked={focus.has(project.id)} onChange={(checked) => choose(project.id, checked)} />
        ))}
      </fieldset>
      {error ? <Alert>{error}</Alert> : null}
      <div className="form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" onClick={() => onGenerate([...focus])} loading={generating}>
          Generate Plan
        </Button>
      </div>
    </Dialog>
  );
}
