import { describe, expect, it } from 'vitest';
import { keepMemberMentions, mentionedIds, mentionQueryAt, mentionToken, showMentions, splitMentions } from './mentions.js';

describe('mentions', () => {
  it('finds each mentioned id once, in order, and nothing in text that only looks like one', () => {
    expect(mentionedIds(`Hi ${mentionToken('u-2')} and @[u_1], ${mentionToken('u-2')} again`)).toEqual(['u-2', 'u_1']);
    expect(mentionedIds('mail me@[example] or @[has space] or @[a#b] or @name')).toEqual(['example']);
    expect(mentionedIds(`@[${'x'.repeat(65)}]`)).toEqual([]);
  });

  it("keeps members' mentions and turns anyone else's into plain text", () => {
    const kept = keepMemberMentions('@[alice] meet @[mallory], thanks @[alice]', (id) => id === 'alice');
    expect(kept).toEqual({ text: '@[alice] meet @mallory, thanks @[alice]', mentions: ['alice'] });
  });

  it("shows each mention by the member's current name, as plain text", () => {
    const names: Record<string, string> = { a: 'Ana', b: '*Bob*' };
    expect(showMentions('Hi @[a] and @[b] and @[gone]', (id) => names[id])).toBe('Hi @Ana and @*Bob* and @A former member');
  });

  it('cuts text into its plain runs and its mentions', () => {
    expect(splitMentions('@[a] meet @[b]!')).toEqual([{ userId: 'a' }, { text: ' meet ' }, { userId: 'b' }, { text: '!' }]);
    expect(splitMentions('no mentions')).toEqual([{ text: 'no mentions' }]);
    expect(splitMentions('')).toEqual([]);
  });

  it('tells the mention being typed at the caret: after a space or at the start, not inside a word', () => {
    expect(mentionQueryAt('Hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail me@an', 10)).toBeUndefined();
    expect(mentionQueryAt('Hello @an there', 15)).toBeUndefined();
    expect(mentionQueryAt('Done @[u1] ', 11)).toBeUndefined();
  });
});
