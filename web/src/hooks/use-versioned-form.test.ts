import { describe, expect, it } from 'vitest';
import { mergeValues } from './use-versioned-form';

const base = { title: 'Draft', status: 'todo', labels: ['a'] };

describe('mergeValues', () => {
  it('takes what someone else changed where the user changed nothing, and keeps what the user changed', () => {
    const mine = { ...base, title: 'Final' };
    const theirs = { ...base, status: 'in_progress', labels: ['a', 'b'] };
    expect(mergeValues(base, mine, theirs)).toEqual({ merged: { title: 'Final', status: 'in_progress', labels: ['a', 'b'] }, clashes: [] });
  });

  it('shows theirs where both changed a field differently, and names it', () => {
    const mine = { ...base, title: 'Mine', status: 'completed' };
    const theirs = { ...base, title: 'Theirs', status: 'completed' };
    expect(mergeValues(base, mine, theirs)).toEqual({ merged: { ...base, title: 'Theirs', status: 'completed' }, clashes: ['title'] });
  });

  it('is the user’s own values when theirs are the user’s save coming back', () => {
    const mine = { ...base, title: 'Final', labels: [] };
    expect(mergeValues(base, mine, { ...mine })).toEqual({ merged: mine, clashes: [] });
  });
});
