import { describe, expect, it } from 'vitest';
import { aNote, aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('./project-children.js');
const { decodeImages } = await import('./stream-changes.js');
const index = await import('./search-index.js');
const { NOTE_TEXT_MAX_WORDS, searchEntriesOf } = index;

const searchIndexWrites = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => {
  const change = decodeImages(before, after);
  return change ? index.searchIndexWrites(change) : { puts: [], deletes: [] };
};

const task = (title: string, extra: Record<string, unknown> = {}) => ({
  ...childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', title, updatedAt: '2026-01-01T00:00:00.000Z' })),
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
    const note = searchEntriesOf(childItem('note', 'w1', aNote({ id: 'n1', projectId: 'p1', title: 'Plan', content })));
    expect(note).toHaveLength(1 + NOTE_TEXT_MAX_WORDS);
    expect(note[1]).toMatchObject({ word: 'w0', titlePosition: null });
    const link = searchEntriesOf({
      PK: 'WS#w1',
      SK: 'LINK#l1',
      entity: 'Link',
      workspaceId: 'w1',
      id: 'l1',
      title: null,
      url: 'https://www.docs.example.com/guide',
      category: 'Software Development',
      description: null,
      createdBy: 'u1',
      createdAt: 'x',
      updatedAt: 'x',
      version: 1,
    });
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

  it('takes nothing from a side that no longer reads: no entries of a corrupt item, no deletion of words never read', () => {
    expect(searchIndexWrites(undefined, task('Ship it', { title: 42 }))).toEqual({ puts: [], deletes: [] });
    expect(searchIndexWrites(task('Ship it', { status: 'lost' }), task('Ship'))).toEqual({
      puts: [expect.objectContaining({ word: 'ship' })],
      deletes: [],
    });
  });

  it('writes nothing when the text stayed the same', () => {
    expect(searchIndexWrites(task('Ship it'), task('Ship it', { status: 'in_progress', updatedAt: '2026-02-01T00:00:00.000Z' }))).toEqual({ puts: [], deletes: [] });
  });
});
