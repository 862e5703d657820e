import type { ReactNode } from 'react';
import { Button } from './button';
import './form-footer.css';

/**
 * A form's buttons: an optional destructive action on the left, Cancel and the submit button on the right.
 * While the write is pending, Cancel is disabled and the submit button shows that it is loading.
 */
export function FormFooter({ submitLabel, pending, onCancel, start }: { submitLabel: string; pending: boolean; onCancel: () => void; start?: ReactNode }) {
  return (
    <div className="form-actions">
      {start ? <div className="form-actions-start">{start}</div> : null}
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
