import { describe, expect, it } from 'vitest';
import { mentionLabels, toEditable, toStored } from './mention-text';

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

  it('keeps two members of the same name apart, labelled by e-mail address (else by their place)', () => {
    const alexes = [
      { userId: 'a1', displayName: 'Alex', email: 'alex@one.example' },
      { userId: 'a2', displayName: 'Alex', email: 'alex@two.example' },
      { userId: 'b1', displayName: 'Bo' },
      { userId: 'b2', displayName: 'Bo' },
    ];
    expect([...mentionLabels(alexes).values()]).toEqual(['Alex (alex@one.example)', 'Alex (alex@two.example)', 'Bo (1)', 'Bo (2)']);
    const { text, chosen } = toEditable('@[a2] then @[a1], @[b2]', alexes);
    expect(text).toBe('@Alex (alex@two.example) then @Alex (alex@one.example), @Bo (2)');
    expect(toStored(`${text} again @Alex (alex@two.example)`, chosen)).toBe('@[a2] then @[a1], @[b2] again @[a2]');
  });
});
