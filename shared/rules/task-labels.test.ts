import { describe, expect, it } from 'vitest';
import { matchesLabel, withLabels } from './task-labels.js';

describe('withLabels', () => {
  it('leaves the task as it is when no list is sent', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, undefined)).toEqual({ id: 't', labelIds: ['a'] });
  });

  it('replaces the list, and drops the attribute for an empty one', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, ['b', 'c'])).toEqual({ id: 't', labelIds: ['b', 'c'] });
    expect(withLabels({ id: 't', labelIds: ['a'] }, [])).toEqual({ id: 't' });
  });
});

describe('matchesLabel', () => {
  it('passes every task, labelled or not (stored before labels), when no label is chosen', () => {
    expect(matchesLabel({}, '')).toBe(true);
    expect(matchesLabel({ labelIds: ['a'] }, '')).toBe(true);
  });

  it('passes a task carrying the chosen label, and no other', () => {
    expect(matchesLabel({ labelIds: ['a', 'b'] }, 'b')).toBe(true);
    expect(matchesLabel({ labelIds: ['a'] }, 'z')).toBe(false);
    expect(matchesLabel({}, 'a')).toBe(false);
  });
});
