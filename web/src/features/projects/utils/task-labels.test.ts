import { describe, expect, it } from 'vitest';
import { dueLabel, estimateText, isOverdue } from './task-labels';

describe('dueLabel', () => {
  it.each([
    ['2026-03-10', 'Today'],
    ['2026-03-11', 'Tomorrow'],
    ['2026-03-12', '2 days'],
    ['2026-04-09', '30 days'],
    ['2026-03-09', 'Yesterday'],
    ['2026-03-05', '5 days ago'],
    // Across a month and a year end, by calendar days.
    ['2025-12-31', '69 days ago'],
  ])('a task due %s reads %s on 2026-03-10', (dueDate, text) => {
    expect(dueLabel(dueDate, '2026-03-10')).toBe(text);
  });
});

describe('isOverdue', () => {
  it('counts only uncompleted tasks due before today', () => {
    expect(isOverdue({ dueDate: '2026-03-09', completed: false }, '2026-03-10')).toBe(true);
    expect(isOverdue({ dueDate: '2026-03-09', completed: true }, '2026-03-10')).toBe(false);
    expect(isOverdue({ dueDate: '2026-03-10', completed: false }, '2026-03-10')).toBe(false);
    expect(isOverdue({ dueDate: null, completed: false }, '2026-03-10')).toBe(false);
  });
});

describe('estimateText', () => {
  it('rounds minutes up to whole hours and says it is an estimate', () => {
    expect(estimateText(0)).toBe('0h estimate');
    expect(estimateText(15)).toBe('1h estimate');
    expect(estimateText(60)).toBe('1h estimate');
    expect(estimateText(90)).toBe('2h estimate');
  });
});
