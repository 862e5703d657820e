import { describe, expect, it } from 'vitest';
import { readerFor } from './readers.js';
import { readTaskflowExport } from './taskflow-reader.js';
import { fixture, ofKind, openChunks, readAll } from './readers/test-helpers.js';

describe('readerFor', () => {
  it.each([
    ['trello', 'trello-board.json', 'Website relaunch'],
    ['todoist', 'todoist-project.csv', 'Trip plan'],
    ['asana', 'asana-project.csv', 'Website'],
  ] as const)('gives the %s reader, which reads its fixture', async (source, file, project) => {
    const reader = readerFor(source, undefined, { fileName: 'Trip plan.csv' });
    expect(reader).toBeDefined();
    if (!reader) return;
    const records = await readAll(reader, openChunks(fixture(file)));
    expect(ofKind(records, 'project')[0]?.name).toBe(project);
    expect(ofKind(records, 'task').length).toBeGreaterThan(3);
  });

  it('gives the CSV reader only with a mapping, naming the project after the file', async () => {
    expect(readerFor('csv')).toBeUndefined();
    const reader = readerFor('csv', { title: 'Task name' }, { fileName: 'Team tasks.csv' });
    const records = reader ? await readAll(reader, openChunks(fixture('generic-tasks.csv'))) : [];
    expect(ofKind(records, 'project').map((project) => project.name)).toEqual(['Team tasks']);
  });

  it('gives the TaskFlow export reader for a TaskFlow export', () => {
    expect(readerFor('taskflow')).toBe(readTaskflowExport);
  });
});
