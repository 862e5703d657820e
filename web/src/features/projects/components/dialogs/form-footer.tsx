import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';

/** A dialog form's buttons: an optional destructive action on the left, Cancel and the submit button on the right. */
export function FormFooter({ submitLabel, pending, onCancel, start }: { submitLabel: string; pending: boolean; onCancel: () => void; start?: ReactNode }) {
  return (
    <div className="form-actions dialog-actions">
      {start ? <div className="dialog-actions-start">{start}</div> : null}
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
