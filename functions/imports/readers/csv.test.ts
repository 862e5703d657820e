import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '../../../shared/schemas/import.js';
import { largeCsv, type Produced } from '../../../shared/testing/import-files.js';
import { ImportFileError } from '../records.js';
import { csvReader } from './csv.js';
import { fixture, ofKind, openChunks, readAll } from './test-helpers.js';

const mapping: CsvMapping = {
  title: 'Task name',
  description: 'Notes',
  status: 'State',
  priority: 'Importance',
  dueDate: 'Due',
  assignee: 'Owner',
  labels: 'Tags',
  parent: 'Parent',
  comments: 'Comment',
  project: 'List',
};
const tasksFile = fixture('generic-tasks.csv');
const read = (text: string, map: CsvMapping = mapping, chunk?: number) => readAll(csvReader(map, { fileName: 'Team tasks.csv' }), openChunks(text, chunk));

describe('csvReader', () => {
  it('reads each mapped column of a row (a BOM before the header, a quoted newline in the notes, emoji)', async () => {
    const records = await read(tasksFile);
    expect(records.slice(0, 3)).toEqual([
      { kind: 'project', key: 'project:marketing', name: 'Marketing' },
      { kind: 'label', key: 'label:launch', name: 'launch' },
      { kind: 'label', key: 'label:web', name: 'web' },
    ]);
    expect(ofKind(records, 'task')[0]).toEqual({
      kind: 'task',
      key: 'row:2',
      projectKey: 'project:marketing',
      title: 'Plan the launch 🚀',
      description: 'Line one\nline two, with a comma',
      status: 'in_progress',
      priority: 'high',
      dueDate: '2026-05-01',
      assignee: { name: 'Ana Lima', email: 'ana@example.com' },
      labelKeys: ['label:launch', 'label:web'],
    });
  });

  it('makes the comments column one comment on its row’s task', async () => {
    expect(ofKind(await read(tasksFile), 'comment')).toEqual([{ kind: 'comment', key: 'row:2:comment', taskKey: 'row:2', text: 'Kick-off on Monday' }]);
  });

  it('reads status and priority words leniently; a word not known keeps the default, counted in not kept', async () => {
    const records = await read(tasksFile);
    const tasks = ofKind(records, 'task');
    expect(tasks.map((task) => [task.title, task.status, task.priority])).toEqual([
      ['Plan the launch 🚀', 'in_progress', 'high'],
      ['Draft the e-mail', 'completed', 'low'],
      ['Review the e-mail', 'completed', undefined],
      ['=SUM(A1:A3)', undefined, undefined],
      ['Fix the footer', 'todo', 'medium'],
      ['Short row', undefined, undefined],
    ]);
    const notKept = ofKind(records, 'notKept').map((record) => record.what);
    expect(notKept).toContain('Status words not known are imported as To do');
    expect(notKept).toContain('Priority words not known are imported as medium');
  });

  it('reads due dates in ISO and common forms; "next friday" and impossible dates are not kept', async () => {
    const records = await read(tasksFile);
    expect(ofKind(records, 'task').map((task) => task.dueDate)).toEqual(['2026-05-01', '2026-05-03', '2026-05-03', undefined, undefined, undefined]);
    expect(ofKind(records, 'notKept').filter((record) => record.what === 'Due dates that are not a date are not imported')).toHaveLength(2);
  });

  it('makes a row naming a parent by title its sub-task, a grandchild a sub-task of the top task', async () => {
    const tasks = ofKind(await read(tasksFile), 'task');
    expect(tasks.find((task) => task.title === 'Draft the e-mail')?.parentKey).toBe('row:2');
    expect(tasks.find((task) => task.title === 'Review the e-mail')?.parentKey).toBe('row:2');
  });

  it('makes a project per distinct value of the project column, the file’s for rows without one', async () => {
    const records = await read(tasksFile);
    expect(ofKind(records, 'project').map((project) => project.name)).toEqual(['Marketing', 'Team tasks', 'Website']);
    expect(ofKind(records, 'task').find((task) => task.title === 'Short row')?.projectKey).toBe('project:team tasks');
  });

  it('skips a row without a title as “row N: no title”, counting the header as row 1 and the empty line', async () => {
    expect(ofKind(await read(tasksFile), 'skipped')).toEqual([{ kind: 'skipped', where: 'row 7', reason: 'no title' }]);
  });

  it('skips a row whose parent title is in no row, and one that names itself', async () => {
    const records = await read('Title,Parent\nA,Nobody\nB,B\nC,\n', { title: 'Title', parent: 'Parent' });
    expect(ofKind(records, 'skipped')).toEqual([
      { kind: 'skipped', where: 'row 2', reason: 'its parent task “Nobody” is not in the file' },
      { kind: 'skipped', where: 'row 3', reason: 'it names itself as its parent task' },
    ]);
    expect(ofKind(records, 'task').map((task) => task.title)).toEqual(['C']);
  });

  it('yields a parent before its sub-tasks when the sub-task comes first in the file', async () => {
    const records = await read('Title,Parent\nChild,Parent task\nParent task,\n', { title: 'Title', parent: 'Parent' });
    expect(ofKind(records, 'task').map((task) => [task.title, task.parentKey])).toEqual([
      ['Parent task', undefined],
      ['Child', 'row:3'],
    ]);
  });

  it('skips a row with broken quoting with its reason, keeping the rows before and after it', async () => {
    const records = await read(fixture('broken-quotes.csv'), { title: 'Title' });
    expect(ofKind(records, 'task').map((task) => [task.key, task.title])).toEqual([
      ['row:2', 'Good row'],
      ['row:4', 'Next row'],
    ]);
    expect(ofKind(records, 'skipped')).toHaveLength(1);
    expect(ofKind(records, 'skipped')[0]).toMatchObject({ where: 'row 3', reason: expect.stringMatching(/quote/i) as string });
  });

  it('refuses a file without a mapped column, and a file that is not a CSV, before any record', async () => {
    await expect(read(tasksFile, { title: 'Name' })).rejects.toThrow(new ImportFileError('The CSV has no column “Name” (chosen for title).'));
    await expect(read('', { title: 'Title' })).rejects.toThrow(ImportFileError);
  });

  it('reads back the titles of any rows papaparse writes, whatever the line breaks and the chunks', async () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cell, cell, cell), { maxLength: 25 }), fc.integer({ min: 1, max: 64 }), fc.constantFrom('\r\n', '\n'), async (rows, chunk, newline) => {
        const text = Papa.unparse({ fields: ['Title', 'Notes', 'Tags'], data: rows }, { newline });
        const records = await read(text, { title: 'Title', description: 'Notes' }, chunk);
        const expected = rows.map(([title]) => title.replace(/\r\n?/g, '\n').trim()).filter((title) => title !== '');
        expect(ofKind(records, 'task').map((task) => task.title)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('streams 100,000 rows: the first task comes long before the file has been read', async () => {
    const produced: Produced = { rows: 0, done: false };
    const reader = csvReader({ title: 'Title', description: 'Notes', status: 'Status', priority: 'Priority', dueDate: 'Due', assignee: 'Owner', labels: 'Tags' });
    let tasks = 0;
    let producedAtFirst = -1;
    let furthestAhead = 0;
    for await (const record of reader(() => largeCsv(100_000, produced))) {
      if (record.kind !== 'task') continue;
      tasks += 1;
      if (tasks === 1) producedAtFirst = produced.rows;
      furthestAhead = Math.max(furthestAhead, produced.rows - tasks);
    }
    expect(tasks).toBe(100_000);
    expect(producedAtFirst).toBeLessThan(1_000);
    expect(furthestAhead).toBeLessThan(2_000);
  }, 60_000);
});
