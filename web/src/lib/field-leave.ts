import type { FocusEvent } from 'react';

/**
 * Whether a field is being left for its form's submit button. A field judged on leaving would then show its
 * error before the click lands, move the button down, and lose the click; the submit judges every field.
 */
export function leftForSubmit(event: FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit' && next.form !== null && next.form === event.target.closest('form');
}
