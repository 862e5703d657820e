import { describe, expect, it } from 'vitest';
import { dueDateLabel, estimateLabel, isOverdue } from './task-labels';

describe('dueDateLabel', () => {
  it.each([
    ['2026-03-10', 'Today'],
    ['2026-03-11', 'Tomorrow'],
    ['2026-03-09', 'Yesterday'],
    ['2026-03-05', '5 days ago'],
    ['2026-03-13', '3 days'],
    ['2026-04-01', '22 days'],
  ])('labels %s as %s seen on 2026-03-10', (due, label) => {
    expect(dueDateLabel(due, '2026-03-10')).toBe(label);
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

describe('estimateLabel', () => {
  it('rounds minutes up to whole hours', () => {
    expect(estimateLabel(0)).toBe('0h');
    expect(estimateLabel(15)).toBe('1h');
    expect(estimateLabel(60)).toBe('1h');
    expect(estimateLabel(90)).toBe('2h');
  });
});
