import { useId } from 'react';
import { MAX_LABELS_PER_TASK } from '@shared/schemas/project';
import { useLabels } from '../api/labels';
import { LabelSwatch } from './label-chips';
import './labels.css';

/**
 * The task dialog's label picker (issue 36): one checkbox per label of the workspace, so Tab and Space
 * choose them; at most MAX_LABELS_PER_TASK. An id no label has now (deleted meanwhile) is kept out of sight.
 */
export function LabelsField({ value, onChange, error }: { value: readonly string[]; onChange: (labelIds: string[]) => void; error: string | undefined }) {
  const labels = useLabels();
  const id = useId();
  const full = value.length >= MAX_LABELS_PER_TASK;
  const toggle = (labelId: string, on: boolean) => onChange(on ? [...value, labelId] : value.filter((other) => other !== labelId));
  return (
    <fieldset className="labels-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Labels</legend>
      {labels.data?.length === 0 ? <p className="muted">No labels yet: owners and admins add them in Workspace Settings.</p> : null}
      <div className="labels-field-options">
        {(labels.data ?? []).map((label) => {
          const checked = value.includes(label.id);
          return (
            <div key={label.id} className="checkbox-row">
              <input id={`${id}-${label.id}`} type="checkbox" checked={checked} disabled={full && !checked} onChange={(event) => toggle(label.id, event.target.checked)} />
              <LabelSwatch color={label.color} />
              <label htmlFor={`${id}-${label.id}`}>{label.name}</label>
            </div>
          );
        })}
      </div>
      {full ? <p className="muted">A task may have at most {MAX_LABELS_PER_TASK} labels.</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
