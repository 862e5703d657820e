import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { Preview } = await import('./import-worker.js');

describe('Preview', () => {
  it('counts labels once per name: new when the workspace has none of that name, matched when it has one', () => {
    const preview = new Preview(() => undefined, new Map([['urgent', 'label-1']]));
    for (const [key, name] of [
      ['a', 'Urgent'],
      ['b', ' URGENT'],
      ['c', 'Design'],
      ['d', 'design '],
      ['e', 'Later'],
    ] as const)
      preview.add({ kind: 'label', key, name });
    const view = preview.view();
    expect(view.create.labels).toBe(2);
    expect(view.labelsMatched).toBe(1);
    expect(preview.records).toBe(5);
  });
});
