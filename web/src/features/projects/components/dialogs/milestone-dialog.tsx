import { MILESTONE_DESCRIPTION_MAX_LENGTH, MILESTONE_TITLE_MAX_LENGTH, type MilestoneView } from '../../../../../../shared/schemas/project';
import { Alert } from '../../../../components/ui/alert';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { FormFooter } from '../../../../components/ui/form-footer';
import { NameAndDescriptionFields } from './name-and-description-fields';
import { useVersionedForm } from './use-versioned-form';
import { useWrite } from './use-write';

export interface MilestoneInput {
  readonly title: string;
  readonly description: string;
  /** YYYY-MM-DD. */
  readonly dueDate: string;
}

function milestoneFormValues(milestone: MilestoneView | undefined): MilestoneInput {
  return { title: milestone?.title ?? '', description: milestone?.description ?? '', dueDate: milestone?.dueDate ?? '' };
}

/** 'Create New Milestone' and 'Edit Milestone': title and due date are required (spec core §5). */
export function MilestoneDialog({
  milestone,
  onSubmit,
  onClose,
}: {
  /** The milestone to edit; absent to create one. */
  milestone?: MilestoneView;
  /** `read`: the milestone as the form was filled from it (its version goes with the save). */
  onSubmit: (input: MilestoneInput, read: MilestoneView | undefined) => Promise<unknown>;
  onClose: () => void;
}) {
  const { base, values, update: set, markConflict } = useVersionedForm(milestone, milestoneFormValues);
  const { pending, error, fieldError, submitWith } = useWrite(milestone ? 'Failed to update milestone' : 'Failed to create milestone', markConflict);

  return (
    <Dialog title={milestone ? 'Edit Milestone' : 'Create New Milestone'} onClose={onClose}>
      <form className="form" onSubmit={submitWith(() => onSubmit(values, base), onClose)}>
        {error ? <Alert>{error.message}</Alert> : null}
        <NameAndDescriptionFields
          label="Title"
          name="title"
          maxLength={MILESTONE_TITLE_MAX_LENGTH}
          descriptionMaxLength={MILESTONE_DESCRIPTION_MAX_LENGTH}
          value={values.title}
          description={values.description}
          onNameChange={(title) => set({ title })}
          onDescriptionChange={(description) => set({ description })}
          fieldError={fieldError}
        />
        <Field label="Due Date" name="dueDate" type="date" required value={values.dueDate} onChange={(event) => set({ dueDate: event.target.value })} error={fieldError('dueDate')} />
        <FormFooter submitLabel={milestone ? 'Save Changes' : 'Create Milestone'} pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
