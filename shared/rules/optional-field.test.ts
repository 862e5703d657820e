import { describe, expect, it } from 'vitest';
import { withOptional } from './optional-field.js';

interface Item {
  readonly id: string;
  readonly labelIds?: readonly string[];
  readonly pinned?: true;
  readonly parentId?: string;
}

describe('withOptional', () => {
  const item: Item = { id: 't1', labelIds: ['a'], pinned: true, parentId: 'p1' };

  it('keeps the field when the edit does not name it', () => {
    expect(withOptional(item, 'labelIds', undefined)).toBe(item);
  });

  it('sets the field, leaving the others alone', () => {
    expect(withOptional(item, 'labelIds', ['b', 'c'])).toEqual({ ...item, labelIds: ['b', 'c'] });
    expect(withOptional({ id: 't2' } as Item, 'pinned', true)).toEqual({ id: 't2', pinned: true });
  });

  it('removes the key for null, false and an empty list, as if never stored', () => {
    for (const [key, cleared] of [['parentId', null], ['pinned', false], ['labelIds', []]] as const) {
      const after = withOptional(item, key, cleared);
      expect(Object.keys(after)).not.toContain(key);
      expect(Object.keys(after)).toHaveLength(Object.keys(item).length - 1);
    }
  });
});
