/** The toasts on screen: pure list operations, so the rules are tested without a DOM. */

export type ToastTone = 'info' | 'success' | 'error';

/** The one thing a toast offers to do (Retry, Undo); pressing it also dismisses the toast. */
export interface ToastAction {
  readonly label: string;
  readonly onAction: () => void;
}

export interface ToastInput {
  readonly tone: ToastTone;
  readonly message: string;
  readonly action?: ToastAction;
}

export interface Toast extends ToastInput {
  readonly id: number;
}

/** More than this at once is noise: the oldest goes first. */
export const MAX_TOASTS = 3;

/**
 * Adds a toast. The same message again (a retry that failed once more) replaces the old one instead of
 * stacking, and moves to the end so it is read out again.
 */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  const others = toasts.filter((shown) => !(shown.tone === toast.tone && shown.message === toast.message));
  return [...others, toast].slice(-MAX_TOASTS);
}

export function dismissToast(toasts: readonly Toast[], id: number): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}

/**
 * How long a toast stays unless hovered or focused, errors longer. One with an action (Retry, Undo) stays
 * until it is used or closed (null): a keyboard user must Tab past the page to reach it, and a timer would
 * take away the only way to retry that write (WCAG 2.2.1); at most MAX_TOASTS are on screen.
 */
export function toastDuration(toast: ToastInput): number | null {
  if (toast.action) return null;
  return toast.tone === 'error' ? 8_000 : 5_000;
}
