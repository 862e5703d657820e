import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../records.js';
import { fixture, ofKind, openChunks, readAll } from './test-helpers.js';
import { todoistReader } from './todoist.js';

const HEADER = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT';
const read = (text: string) => readAll(todoistReader({ fileName: 'Trip plan.csv' }), openChunks(text));
const project = fixture('todoist-project.csv');

describe('todoistReader', () => {
  it('makes the file one project named after it, first', async () => {
    const [first] = await read(project);
    expect(first).toEqual({ kind: 'project', key: 'project', name: 'Trip plan' });
  });

  it('reads a task row: @labels out of its title, description (a quoted newline kept), p1 as high, plain date, responsible by name', async () => {
    const [task] = ofKind(await read(project), 'task');
    expect(task).toEqual({
      kind: 'task',
      key: 'row:3',
      projectKey: 'project',
      title: 'Plan the trip',
      description: 'Flights, hotel\nand the car',
      priority: 'high',
      dueDate: '2026-05-01',
      assignee: { name: 'Bruno Costa' },
      labelKeys: ['label:travel', 'label:2026'],
    });
  });

  it('makes INDENT 2 a sub-task of the task above, and a deeper one a sub-task of its top task with a note in not kept', async () => {
    const records = await read(project);
    const tasks = ofKind(records, 'task');
    expect(tasks.find((task) => task.title === 'Book flights ✈️')?.parentKey).toBe('row:3');
    expect(tasks.find((task) => task.title === 'Compare airlines')?.parentKey).toBe('row:3');
    expect(ofKind(records, 'notKept').filter((record) => record.what.startsWith('Sub-tasks of sub-tasks'))).toHaveLength(1);
  });

  it('maps PRIORITY 1–3 (Todoist’s p1 the highest) to high, medium, low, and leaves p4 (Todoist’s “no priority”) to the app’s default', async () => {
    const tasks = ofKind(await read(project), 'task');
    expect(tasks.slice(0, 3).map((task) => [task.title, task.priority])).toEqual([
      ['Plan the trip', 'high'],
      ['Book flights ✈️', 'medium'],
      ['Compare airlines', undefined],
    ]);
    expect(tasks.find((task) => task.title === 'Buy an adapter')?.priority).toBe('low');
  });

  it('makes a note a comment on the task above, by its author; a note with no task above is skipped', async () => {
    const records = await read(project);
    expect(ofKind(records, 'comment')).toEqual([
      { kind: 'comment', key: 'row:5', taskKey: 'row:4', text: 'Check the prices first, then book', author: { name: 'Bruno Costa' } },
    ]);
    expect(ofKind(records, 'skipped')).toContainEqual({ kind: 'skipped', where: 'row 9', reason: 'a note with no task above it' });
  });

  it('makes a section a label on the tasks under it (the app has no sections), and starts the sub-tasks anew', async () => {
    const records = await read(project);
    expect(ofKind(records, 'label')).toContainEqual({ kind: 'label', key: 'label:packing', name: 'Packing' });
    const adapter = ofKind(records, 'task').find((task) => task.title === 'Buy an adapter');
    expect(adapter).toMatchObject({ labelKeys: ['label:packing'] });
    expect(adapter?.parentKey).toBeUndefined();
  });

  it('keeps only plain dates: words and impossible dates are counted in not kept, as are durations', async () => {
    const records = await read(project);
    const notKept = ofKind(records, 'notKept').map((record) => record.what);
    expect(notKept.filter((what) => what.startsWith('Dates that are not a plain date'))).toHaveLength(3);
    expect(notKept.filter((what) => what === 'Durations are not imported')).toHaveLength(1);
    expect(ofKind(records, 'task').find((task) => task.title === 'Buy an adapter')?.dueDate).toBeUndefined();
  });

  it('keeps a formula as text, reads a short row, skips an unknown type and a task with no title, and ignores meta rows and empty lines', async () => {
    const records = await read(project);
    const titles = ofKind(records, 'task').map((task) => task.title);
    expect(titles).toEqual(['Plan the trip', 'Book flights ✈️', 'Compare airlines', 'Buy an adapter', '=HYPERLINK("https://example.com")', 'Short row']);
    expect(ofKind(records, 'skipped')).toEqual([
      { kind: 'skipped', where: 'row 9', reason: 'a note with no task above it' },
      { kind: 'skipped', where: 'row 13', reason: 'the type “reminder” is not task, section or note' },
      { kind: 'skipped', where: 'row 14', reason: 'no title' },
    ]);
  });

  it('reads a 100,000-character person as a name cut to the app’s limit, without slow matching', async () => {
    const records = await read(`${HEADER}\ntask,Long,,4,1,,Evan${' '.repeat(100_000)}x (12),,,,,\ntask,Short,,4,1,,Ana (14781400),,,,,\n`);
    expect(ofKind(records, 'task').map((task) => task.assignee)).toEqual([{ name: 'Evan' }, { name: 'Ana' }]);
  });

  it('skips a row with broken quoting with its reason', async () => {
    const records = await read(`${HEADER}\ntask,Fine,,4,1,,,,,,,\ntask,"Broken "quote",,4,1,,,,,,,\n`);
    expect(ofKind(records, 'task').map((task) => task.title)).toEqual(['Fine']);
    expect(ofKind(records, 'skipped')[0]).toMatchObject({ where: 'row 3' });
  });

  it('reads the older export without DESCRIPTION, TIMEZONE and DURATION columns', async () => {
    const records = await read('TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG\ntask,Old style,2,1,Ana (1),Ana (1),2026-01-02,en\n');
    expect(ofKind(records, 'task')).toEqual([
      { kind: 'task', key: 'row:2', projectKey: 'project', title: 'Old style', priority: 'medium', dueDate: '2026-01-02', assignee: { name: 'Ana' } },
    ]);
  });

  it('refuses a CSV without TYPE and CONTENT before any record', async () => {
    await expect(read('Title,Notes\nA,b\n')).rejects.toThrow(new ImportFileError('This is not a Todoist CSV export: it has no TYPE and CONTENT columns.'));
  });
});
