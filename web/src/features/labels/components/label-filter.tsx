import { useEffect, useId } from 'react';
import type { LabelView } from '@shared/schemas/label';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { useLabels } from '../api/labels';
import { LabelSwatch } from './label-chips';
import './labels.css';

/** What the filter's button says: every task, the label or two chosen by name, else how many. */
function summary(chosen: readonly LabelView[]): string {
  if (chosen.length === 0) return 'All labels';
  if (chosen.length <= 2) return chosen.map((label) => label.name).join(' or ');
  return `Any of ${chosen.length} labels`;
}

/**
 * "Label" (issue 36), the one label filter of the board, /tasks and /calendar: shows
 * only the tasks that carry ANY of the chosen labels (none chosen: every task), as its panel says. A button
 * named by its visible label and what is chosen ("Label Bug or Docs") opens a panel of checkboxes, so Tab
 * and Space choose; Escape closes it. Hidden while the workspace has no labels; a chosen label deleted
 * meanwhile (here or by someone else) is dropped from the choice.
 */
export function LabelFilter({ value, onChange, className }: { value: readonly string[]; onChange: (labelIds: string[]) => void; className?: string }) {
  const labels = useLabels();
  const id = useId();
  const kept = labels.data === undefined ? value : value.filter((labelId) => labels.data.some((label) => label.id === labelId));
  const gone = kept.length !== value.length;
  useEffect(() => {
    if (gone) onChange([...kept]);
  }, [gone, kept, onChange]);
  if (!labels.data?.length) return null;
  const chosen = labels.data.filter((label) => value.includes(label.id));
  const toggle = (labelId: string, on: boolean) => onChange(on ? [...kept, labelId] : kept.filter((other) => other !== labelId));
  return (
    <div className={['field label-filter', className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className="label-filter-label">
        Label
      </span>
      <Popover
        button={
          <>
            <span id={`${id}-chosen`} className="label-filter-chosen">
              {summary(chosen)}
            </span>
            <ChevronDownIcon />
          </>
        }
        buttonLabelledBy={`${id}-label ${id}-chosen`}
        buttonClassName="input label-filter-button"
        panelLabel="Label filter"
        align="start"
      >
        <fieldset className="labels-field">
          <legend>Show tasks with any of these labels</legend>
          <div className="label-filter-options">
            {labels.data.map((label) => (
              <div key={label.id} className="checkbox-row">
                <input id={`${id}-${label.id}`} type="checkbox" checked={value.includes(label.id)} onChange={(event) => toggle(label.id, event.target.checked)} />
                <LabelSwatch color={label.color} />
                <label htmlFor={`${id}-${label.id}`}>{label.name}</label>
              </div>
            ))}
          </div>
        </fieldset>
        {value.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => onChange([])}>
            Show all tasks
          </Button>
        ) : null}
      </Popover>
    </div>
  );
}
