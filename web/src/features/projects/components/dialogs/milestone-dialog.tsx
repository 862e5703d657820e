import { MILESTONE_DESCRIPTION_MAX_LENGTH, MILESTONE_TITLE_MAX_LENGTH, type MilestoneView } from '@shared/schemas/project';
import { Alert, Notice } from '@/components/ui/alert';
import { UPDATED_BY_OTHERS } from '@/lib/write-error';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { useCreateMilestone, useUpdateMilestone } from '../../api/milestone-mutations';
import { NameAndDescriptionFields } from './name-and-description-fields';
import { useDiscardGuard } from '@/hooks/use-discard-guard';
import { useVersionedForm } from '@/hooks/use-versioned-form';

export interface MilestoneInput {
  readonly title: string;
  readonly description: string;
  /** YYYY-MM-DD. */
  readonly dueDate: string;
}

function milestoneFormValues(milestone: MilestoneView | undefined): MilestoneInput {
  return { title: milestone?.title ?? '', description: milestone?.description ?? '', dueDate: milestone?.dueDate ?? '' };
}

/**
 * 'Create New Milestone' and 'Edit Milestone': title and due date are required (spec core §5). An edit
 * saves with the version the form was filled from.
 */
export function MilestoneDialog({
  workspaceId,
  projectId,
  milestone,
  onClose,
}: {
  workspaceId: string;
  projectId: string;
  /** The milestone to edit; absent to create one. */
  milestone?: MilestoneView;
  onClose: () => void;
}) {
  const { base, values, update: set, markConflict, dirty, updatedByOthers } = useVersionedForm(milestone, milestoneFormValues);
  const { requestClose, confirmDialog } = useDiscardGuard(dirty, onClose);
  const create = useFormMutation(useCreateMilestone(workspaceId, projectId), 'Failed to create milestone');
  const update = useFormMutation(useUpdateMilestone(), 'Failed to update milestone', markConflict);
  const { pending, error, fieldError } = base ? update : create;
  const onSubmit = base ? update.submitWith(() => ({ workspaceId, milestone: base, edit: values }), onClose) : create.submitWith(() => values, onClose);

  return (
    <Dialog title={milestone ? 'Edit Milestone' : 'Create New Milestone'} onClose={requestClose}>
      <form className="form" onSubmit={onSubmit}>
        {error ? <Alert>{error.message}</Alert> : null}
        {updatedByOthers && !error ? <Notice>{UPDATED_BY_OTHERS}</Notice> : null}
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
        <FormFooter submitLabel={milestone ? 'Save Changes' : 'Create Milestone'} pending={pending} onCancel={requestClose} />
      </form>
      {confirmDialog}
    </Dialog>
  );
}
