import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from './quick-add.js';

const TODAY = '2026-11-23'; // a Monday
const members = [
  { userId: 'u-ana', name: 'Ana Lima' },
  { userId: 'u-ben', name: 'Ben Ode' },
  { userId: 'u-bea', name: 'Beatrice' },
];

describe('the quick add line', () => {
  it.each([
    ['Write spec', { title: 'Write spec' }],
    ['Write spec tomorrow !high @ana ~90m', { title: 'Write spec', dueDate: '2026-11-24', priority: 'high', assignee: members[0], timeEstimate: 90 }],
    ['Call the printer fri', { title: 'Call the printer', dueDate: '2026-11-27' }],
    ['Draft budget due Dec 5 ~2h', { title: 'Draft budget', dueDate: '2026-12-05', timeEstimate: 120 }],
    ['!low tidy the wiki ~45', { title: 'tidy the wiki', priority: 'low', timeEstimate: 45 }],
    ['Review @me next monday', { title: 'Review', assignee: members[1], dueDate: '2026-11-30' }],
  ] as const)('reads %j', (text, expected) => expect(parseQuickAdd(text, TODAY, members, 'u-ben')).toEqual(expected));

  it('leaves in the title what names nobody, or more than one, and an unknown priority', () => {
    expect(parseQuickAdd('Ask @zed about !soon', TODAY, members)).toEqual({ title: 'Ask @zed about !soon' });
    // 'b' starts both Ben and Beatrice.
    expect(parseQuickAdd('Pair with @b', TODAY, members)).toEqual({ title: 'Pair with @b' });
    expect(parseQuickAdd('Pair with @bea', TODAY, members).assignee).toEqual(members[2]);
  });

  it('keeps words that are not dates in the title', () => {
    expect(parseQuickAdd('Email may about the budget', TODAY)).toEqual({ title: 'Email may about the budget' });
  });
});
