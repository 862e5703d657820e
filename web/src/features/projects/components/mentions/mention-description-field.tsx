import { useState } from 'react';
import { FieldError, useControlIds } from '@/components/ui/form-fields';
import { toEditable, toStored, type MentionMember } from '../../utils/mention-text';
import { MentionTextarea } from './mention-textarea';

/**
 * A form's Description with @mentions (issue 37), holding the stored text (tokens) as the form does: shown
 * with each member's name, and stored again on every change. The names chosen while it is open are kept,
 * so one typed again after is a mention too.
 */
export function MentionDescriptionField({
  label,
  value,
  onChange,
  members,
  error,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (stored: string) => void;
  members: readonly MentionMember[];
  error: string | undefined;
  maxLength: number;
}) {
  const { controlId, errorId, describedBy } = useControlIds(undefined, error);
  const shown = toEditable(value, members);
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <MentionTextarea
        id={controlId}
        name="description"
        className="input textarea"
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={{ text: shown.text, chosen: new Map([...shown.chosen, ...chosen]) }}
        members={members}
        onChange={(draft) => {
          setChosen(draft.chosen);
          onChange(toStored(draft.text, draft.chosen));
        }}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
