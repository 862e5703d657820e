import { describe, expect, it } from 'vitest';
import { dueText, estimateText, isOverdue } from './task-labels';

describe('dueText', () => {
  const today = '2026-03-10';

  it.each([
    ['2026-03-10', 'Due today'],
    ['2026-03-11', 'Due tomorrow'],
    ['2026-03-12', 'Due in 2 days'],
    ['2026-03-17', 'Due in 7 days'],
    ['2026-03-18', 'Due Mar 18, 2026'],
    ['2026-03-09', 'Overdue · yesterday'],
    ['2026-03-05', 'Overdue · 5 days ago'],
    ['2026-02-01', 'Overdue · Feb 1, 2026'],
  ])('an open task due %s reads %s on 2026-03-10', (dueDate, text) => {
    expect(dueText({ dueDate, completed: false }, today, 'en-US')).toBe(text);
  });

  it('never calls a completed task overdue', () => {
    expect(dueText({ dueDate: '2026-03-09', completed: true }, today, 'en-US')).toBe('Due yesterday');
  });

  it('writes far dates in the given locale', () => {
    expect(dueText({ dueDate: '2026-04-01', completed: false }, today, 'de-DE')).toBe('Due 01.04.2026');
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
