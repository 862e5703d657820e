import { describe, expect, it } from 'vitest';
import { addToast, dismissToast, MAX_TOASTS, toastDuration, type Toast } from './toast-queue';

const toast = (id: number, message = `Message ${id}`, tone: Toast['tone'] = 'error'): Toast => ({ id, tone, message });

describe('toast queue', () => {
  it('adds toasts in order and keeps only the newest few', () => {
    let toasts: Toast[] = [];
    for (let id = 1; id <= MAX_TOASTS + 1; id += 1) toasts = addToast(toasts, toast(id));
    expect(toasts.map((shown) => shown.id)).toEqual([2, 3, 4]);
  });

  it('replaces a toast with the same message and tone instead of stacking it, moving it to the end', () => {
    const toasts = addToast([toast(1, 'Failed to delete project'), toast(2)], toast(3, 'Failed to delete project'));
    expect(toasts.map((shown) => shown.id)).toEqual([2, 3]);
    expect(addToast([toast(1, 'Same', 'error')], toast(2, 'Same', 'success'))).toHaveLength(2);
  });

  it('dismisses by id', () => {
    expect(dismissToast([toast(1), toast(2)], 1).map((shown) => shown.id)).toEqual([2]);
  });

  it('leaves errors up longer, and toasts with an action until they are used or closed', () => {
    expect(toastDuration({ tone: 'success', message: 'Saved' })).toBe(5_000);
    expect(toastDuration({ tone: 'error', message: 'Failed' })).toBe(8_000);
    // One with Retry or Undo stays until used or closed.
    expect(toastDuration({ tone: 'error', message: 'Failed', action: { label: 'Retry', onAction: () => undefined } })).toBeNull();
  });
});
