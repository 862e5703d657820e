import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/form-fields';
import type { MentionMember } from '../../utils/mention-text';
import { MentionDescriptionField } from '../mentions/mention-description-field';

/**
 * What the task, milestone and project forms open with: the required one-line name (a task's or milestone's
 * Title, a project's Project Name) and the optional Description, each showing the server's message for it.
 * With `mentionMembers` (a task's), the Description offers @mentions of them (issue 37).
 */
export function NameAndDescriptionFields({
  label,
  name,
  maxLength,
  descriptionMaxLength,
  value,
  description,
  onNameChange,
  onDescriptionChange,
  fieldError,
  mentionMembers,
}: {
  label: string;
  /** The field the name fills in the request (`title` or `name`), which the server's field errors name. */
  name: string;
  maxLength: number;
  descriptionMaxLength: number;
  value: string;
  description: string;
  onNameChange: (value: string) => void;
  onDescriptionChange: (value: string) => void;
  fieldError: (field: string) => string | undefined;
  mentionMembers?: readonly MentionMember[];
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        required
        maxLength={maxLength}
        autoComplete="off"
        value={value}
        onChange={(event) => onNameChange(event.target.value)}
        error={fieldError(name)}
      />
      {mentionMembers ? (
        <MentionDescriptionField
          label="Description"
          value={description}
          onChange={onDescriptionChange}
          members={mentionMembers}
          error={fieldError('description')}
          maxLength={descriptionMaxLength}
        />
      ) : (
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          maxLength={descriptionMaxLength}
          value={description}
          onChange={(event) => onDescriptionChange(event.target.value)}
          error={fieldError('description')}
        />
      )}
    </>
  );
}
