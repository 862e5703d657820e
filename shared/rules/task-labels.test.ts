import { describe, expect, it } from 'vitest';
import { matchesAnyLabel, withLabels } from './task-labels.js';

describe('withLabels', () => {
  it('leaves the task as it is when no list is sent', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, undefined)).toEqual({ id: 't', labelIds: ['a'] });
  });

  it('replaces the list, and drops the attribute for an empty one', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, ['b', 'c'])).toEqual({ id: 't', labelIds: ['b', 'c'] });
    expect(withLabels({ id: 't', labelIds: ['a'] }, [])).toEqual({ id: 't' });
  });
});

describe('matchesAnyLabel', () => {
  it('passes every task, labelled or not (stored before labels), when no label is chosen', () => {
    expect(matchesAnyLabel({}, new Set())).toBe(true);
    expect(matchesAnyLabel({ labelIds: ['a'] }, new Set())).toBe(true);
  });

  it('passes a task carrying any of the chosen labels, and no other', () => {
    expect(matchesAnyLabel({ labelIds: ['a', 'b'] }, new Set(['b']))).toBe(true);
    expect(matchesAnyLabel({ labelIds: ['a'] }, new Set(['z', 'a']))).toBe(true);
    expect(matchesAnyLabel({ labelIds: ['a', 'b'] }, new Set(['y', 'z']))).toBe(false);
    expect(matchesAnyLabel({}, new Set(['a']))).toBe(false);
  });
});
