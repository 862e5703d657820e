import type { ReactNode } from 'react';
import type { LabelView } from '@shared/schemas/label';
import { useLabels } from '../api/labels';
import './labels.css';

/** A label's colour as a small dot; decorative, its name is always beside it. */
export function LabelSwatch({ color }: { color: string }) {
  return <span className="label-swatch" style={{ background: color }} aria-hidden="true" />;
}

export function LabelChip({ label }: { label: LabelView }) {
  return (
    <span className="label-chip">
      <LabelSwatch color={label.color} />
      {label.name}
    </span>
  );
}

/**
 * A task's labels as chips, in the workspace's order (by name); an id no label has now (deleted) shows
 * nothing, and a task without any shows `empty` (nothing unless given).
 */
export function LabelChips({ labelIds, empty = null }: { labelIds: readonly string[] | undefined; empty?: ReactNode }) {
  const labels = useLabels();
  const shown = (labels.data ?? []).filter((label) => labelIds?.includes(label.id));
  if (shown.length === 0) return empty;
  return (
    <ul className="label-chips" aria-label="Labels">
      {shown.map((label) => (
        <li key={label.id}>
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}

/** The same chips for labels given by name (the assistant's answers name them; a name no label has now shows nothing). */
export function LabelChipsByName({ names }: { names: readonly string[] }) {
  const labels = useLabels();
  return <LabelChips labelIds={(labels.data ?? []).filter((label) => names.includes(label.name)).map((label) => label.id)} />;
}
