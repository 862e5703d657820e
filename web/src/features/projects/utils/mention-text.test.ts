import { describe, expect, it } from 'vitest';
import { toEditable, toStored } from './mention-text';

const members = [
  { userId: 'u1', displayName: 'Ana' },
  { userId: 'u2', displayName: 'Ana Lopez' },
];

describe('mention text as edited and as stored', () => {
  it('shows tokens as names and stores the chosen names as tokens again, longest name first', () => {
    const { text, chosen } = toEditable('@[u2] and @[u1], not @[gone]', members);
    expect(text).toBe('@Ana Lopez and @Ana, not @[gone]');
    expect(toStored(text, chosen)).toBe('@[u2] and @[u1], not @[gone]');
  });

  it('leaves a name that only begins like a chosen one, and names nobody chose, as text', () => {
    expect(toStored('@Anastasia and @Ana. @Bob', new Map([['Ana', 'u1']]))).toBe('@Anastasia and @[u1]. @Bob');
  });
});
