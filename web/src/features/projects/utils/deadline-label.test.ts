import { describe, expect, it } from 'vitest';
import { deadlineLabel } from './deadline-label';

describe('deadlineLabel', () => {
  const today = '2026-11-23';
  it.each([
    [null, 'none', 'No deadline'],
    ['2026-11-20', 'overdue', 'Overdue: Nov 20, 2026'],
    ['2026-11-23', 'soon', 'Due soon: Nov 23, 2026'],
    ['2026-11-30', 'soon', 'Due soon: Nov 30, 2026'],
    ['2026-12-01', 'later', 'Due Dec 1, 2026'],
  ])('%j → %s %j', (deadline, tone, text) => {
    expect(deadlineLabel(deadline, today, 'en-US')).toEqual({ tone, text });
  });
});
