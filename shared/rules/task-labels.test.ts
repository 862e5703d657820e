import { describe, expect, it } from 'vitest';
import { hasAnyLabel, withLabels } from './task-labels.js';

describe('withLabels', () => {
  it('leaves the task as it is when no list is sent', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, undefined)).toEqual({ id: 't', labelIds: ['a'] });
  });

  it('replaces the list, and drops the attribute for an empty one', () => {
    expect(withLabels({ id: 't', labelIds: ['a'] }, ['b', 'c'])).toEqual({ id: 't', labelIds: ['b', 'c'] });
    expect(withLabels({ id: 't', labelIds: ['a'] }, [])).toEqual({ id: 't' });
  });
});

describe('hasAnyLabel', () => {
  it('passes every task, labelled or not (stored before labels), when no label is chosen', () => {
    expect(hasAnyLabel({}, [])).toBe(true);
    expect(hasAnyLabel({ labelIds: ['a'] }, [])).toBe(true);
  });

  it('passes a task carrying any of the chosen labels, and no other', () => {
    expect(hasAnyLabel({ labelIds: ['a', 'b'] }, ['b', 'z'])).toBe(true);
    expect(hasAnyLabel({ labelIds: ['a'] }, ['z'])).toBe(false);
    expect(hasAnyLabel({}, ['a'])).toBe(false);
  });
});
