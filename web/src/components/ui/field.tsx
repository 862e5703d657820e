import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** `ref` reaches the input (to focus it). */
export interface FieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Shown under the input, linked with aria-describedby; role="alert" so it is announced. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Content at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  id?: string;
}

/** A labelled input: a visible <label htmlFor>, the input, an optional hint and error. */
export function Field({ label, error, hint, labelAside, id, className, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={inputId}>{label}</label>
        {labelAside}
      </div>
      <input id={inputId} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
