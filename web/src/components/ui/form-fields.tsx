import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './form-fields.css';

/**
 * Labelled controls beside `Field` (which is for <input>): a textarea, a select and a checkbox. Each has a
 * visible <label htmlFor>, and an error under it linked with aria-describedby and announced (role="alert").
 */

interface ControlIds {
  readonly controlId: string;
  readonly errorId: string;
  readonly describedBy: string | undefined;
}

/** A control's id and its error's (for a field built around another control, such as a mention box). */
export function useControlIds(id: string | undefined, error: string | undefined): ControlIds {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return { controlId, errorId, describedBy: error ? errorId : undefined };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  id?: string;
}

export function TextAreaField({ label, error, id, className, ...props }: TextAreaFieldProps) {
  const { controlId, errorId, describedBy } = useControlIds(id, error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      <textarea id={controlId} className="input textarea" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  id?: string;
  children: ReactNode;
}

export function SelectField({ label, error, id, className, children, ...props }: SelectFieldProps) {
  const { controlId, errorId, describedBy } = useControlIds(id, error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      <select id={controlId} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props}>
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  id,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
}) {
  const { controlId } = useControlIds(id, undefined);
  return (
    <div className="checkbox-row">
      <input id={controlId} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}
