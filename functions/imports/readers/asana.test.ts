import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../records.js';
import { asanaReader } from './asana.js';
import { fixture, ofKind, openChunks, readAll } from './test-helpers.js';

const read = (text: string) => readAll(asanaReader({ fileName: 'Asana export.csv' }), openChunks(text));
const exported = fixture('asana-project.csv');

describe('asanaReader', () => {
  it('reads a task: first project, section and tags as labels, notes, due date, assignee by e-mail and name, created at, a Priority field', async () => {
    const records = await read(exported);
    expect(records[0]).toEqual({ kind: 'project', key: 'project:website', name: 'Website' });
    expect(ofKind(records, 'task')[0]).toEqual({
      kind: 'task',
      key: 'asana:1201',
      projectKey: 'project:website',
      title: 'Design the homepage',
      description: 'Notes with "quotes", commas\nand two lines',
      status: 'todo',
      priority: 'high',
      dueDate: '2026-02-01',
      assignee: { name: 'Ana Lima', email: 'ana@example.com' },
      createdAt: '2026-01-10T00:00:00.000Z',
      labelKeys: ['label:to do', 'label:design', 'label:web'],
    });
  });

  it('makes a task with a Completed At completed', async () => {
    const tasks = ofKind(await read(exported), 'task');
    expect(tasks.find((task) => task.key === 'asana:1202')?.status).toBe('completed');
  });

  it('makes a task in several projects go to its first, counted in not kept', async () => {
    const records = await read(exported);
    expect(ofKind(records, 'task').find((task) => task.key === 'asana:1204')?.projectKey).toBe('project:backend');
    expect(ofKind(records, 'notKept').filter((record) => record.what === 'A task in several Asana projects is imported into its first one')).toHaveLength(1);
  });

  it('makes a row naming a parent task its sub-task, in the parent’s project, even when the parent comes later; deeper ones go to the top task', async () => {
    const records = await read(exported);
    const tasks = ofKind(records, 'task');
    expect(tasks.find((task) => task.key === 'asana:1202')).toMatchObject({ parentKey: 'asana:1201', projectKey: 'project:website' });
    expect(tasks.find((task) => task.key === 'asana:1203')).toMatchObject({ parentKey: 'asana:1204', projectKey: 'project:backend' });
    expect(tasks.find((task) => task.key === 'asana:1205')).toMatchObject({ parentKey: 'asana:1204', projectKey: 'project:backend' });
    const position = (key: string) => records.findIndex((record) => record.kind === 'task' && record.key === key);
    expect(position('asana:1203')).toBeGreaterThan(position('asana:1204'));
  });

  it('skips a row whose parent is not in the file and a row without a name; a task without a project goes to the file’s', async () => {
    const records = await read(exported);
    expect(ofKind(records, 'skipped')).toEqual([
      { kind: 'skipped', where: 'row 7', reason: 'its parent task “Ghost parent” is not in the file' },
      { kind: 'skipped', where: 'row 8', reason: 'no title' },
    ]);
    expect(ofKind(records, 'task').find((task) => task.key === 'asana:1208')?.projectKey).toBe('project:asana export');
    expect(ofKind(records, 'project').map((project) => project.name)).toEqual(['Website', 'Backend', 'Asana export']);
  });

  it('counts start dates, dependencies and custom fields as not kept', async () => {
    const notKept = ofKind(await read(exported), 'notKept').map((record) => record.what);
    expect(notKept).toContain('Start dates are not imported');
    expect(notKept).toContain('Dependencies are not imported');
    expect(notKept.filter((what) => what === 'Custom field “Estimate” is not imported')).toHaveLength(1);
  });

  it('refuses a CSV without Task ID and Name before any record', async () => {
    await expect(read('Title,Notes\nA,b\n')).rejects.toThrow(new ImportFileError('This is not an Asana CSV export: it has no “Task ID” and “Name” columns.'));
  });
});
