import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { NOTE_TEXT_MAX_WORDS, searchEntriesOf, searchIndexWrites } = await import('./search-index.js');

const task = (title: string, extra: Record<string, unknown> = {}) => ({
  PK: 'PROJ#w1#p1',
  SK: 'TASK#t1',
  entity: 'Task',
  workspaceId: 'w1',
  id: 't1',
  projectId: 'p1',
  title,
  status: 'todo',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('search entries of an item', () => {
  it('has one entry per distinct word with its place in the title', () => {
    expect(searchEntriesOf(task('Écrire the report, the END'))).toEqual(
      ['ecrire', 'the', 'report', 'end'].map((word, position) =>
        expect.objectContaining({ PK: 'SEARCH#w1', SK: `${word}#task#t1`, word, titlePosition: position, title: 'Écrire the report, the END', projectId: 'p1', source: 'PROJ#w1#p1|TASK#t1' }),
      ),
    );
  });

  it("adds a note's text words (bounded) after its title's, and indexes a link without a title by its address", () => {
    const content = Array.from({ length: NOTE_TEXT_MAX_WORDS + 20 }, (_, index) => `w${index}`).join(' ');
    const note = searchEntriesOf({ PK: 'PROJ#w1#p1', SK: 'NOTE#n1', entity: 'Note', workspaceId: 'w1', id: 'n1', projectId: 'p1', title: 'Plan', content, updatedAt: 'x' });
    expect(note).toHaveLength(1 + NOTE_TEXT_MAX_WORDS);
    expect(note[1]).toMatchObject({ word: 'w0', titlePosition: null });
    const link = searchEntriesOf({ PK: 'WS#w1', SK: 'LINK#l1', entity: 'Link', workspaceId: 'w1', id: 'l1', title: null, url: 'https://www.docs.example.com/guide', updatedAt: 'x' });
    expect(link.map((entry) => entry.word)).toEqual(['docs', 'example', 'com', 'guide']);
    expect(link[0]).toMatchObject({ title: 'https://www.docs.example.com/guide', url: 'https://www.docs.example.com/guide', projectId: null });
  });

  it('has none for items that are not searched', () => {
    expect(searchEntriesOf({ PK: 'WS#w1', SK: 'MEMBER#u1', entity: 'Membership', workspaceId: 'w1', id: 'u1', updatedAt: 'x' })).toEqual([]);
  });
});

describe('searchIndexWrites', () => {
  it('writes the entries of a new item and deletes those of a removed one, conditioned on their source', () => {
    expect(searchIndexWrites(undefined, task('Ship it')).puts.map((entry) => entry.word)).toEqual(['ship', 'it']);
    expect(searchIndexWrites(task('Ship it'), undefined)).toEqual({
      puts: [],
      deletes: ['ship', 'it'].map((word) => ({ key: { PK: 'SEARCH#w1', SK: `${word}#task#t1` }, source: 'PROJ#w1#p1|TASK#t1' })),
    });
  });

  it('on a rename rewrites the entries and deletes only the words that went', () => {
    const writes = searchIndexWrites(task('Ship it'), task('Ship the box'));
    expect(writes.puts.map((entry) => entry.word)).toEqual(['ship', 'the', 'box']);
    expect(writes.deletes.map((removal) => removal.key.SK)).toEqual(['it#task#t1']);
  });

  it('writes nothing when the text stayed the same', () => {
    expect(searchIndexWrites(task('Ship it'), task('Ship it', { status: 'done', updatedAt: '2026-02-01T00:00:00.000Z' }))).toEqual({ puts: [], deletes: [] });
  });
});
