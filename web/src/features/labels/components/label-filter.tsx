import { useEffect } from 'react';
import { SelectField } from '@/components/ui/form-fields';
import { useLabels } from '../api/labels';

/**
 * "Label": shows only the tasks that carry the chosen label ('' for every task). Hidden while the workspace
 * has none; a chosen label deleted meanwhile (here or by someone else) sets it back to every task.
 */
export function LabelFilter({ value, onChange, className }: { value: string; onChange: (labelId: string) => void; className?: string }) {
  const labels = useLabels();
  const gone = value !== '' && labels.data !== undefined && !labels.data.some((label) => label.id === value);
  useEffect(() => {
    if (gone) onChange('');
  }, [gone, onChange]);
  if (!labels.data?.length) return null;
  return (
    <SelectField label="Label" name="label" className={className} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All labels</option>
      {labels.data.map((label) => (
        <option key={label.id} value={label.id}>
          {label.name}
        </option>
      ))}
    </SelectField>
  );
}
