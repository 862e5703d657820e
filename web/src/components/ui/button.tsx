import type { ComponentPropsWithRef } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** `ref` reaches the button (to focus it). */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /**
   * Shows a spinner and ignores presses (also a form's Enter) while a write runs. The label stays, so the
   * button keeps its name; it is aria-disabled, not disabled, so focus stays on it instead of dropping to
   * <body> and the user carries on from there when an error shows.
   */
  loading?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'secondary', size = 'md', loading = false, className, disabled, children, type = 'button', onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // A submit button's click is also how Enter in a field submits: cancelling it stops a second write.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}
