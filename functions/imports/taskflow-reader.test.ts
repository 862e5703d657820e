import { describe, expect, it } from 'vitest';
import { ImportFileError, type ImportRecord, type OpenText } from './records.js';
import { ATTACHMENTS_NOT_KEPT, NOT_A_TASKFLOW_EXPORT, readTaskflowExport, unreadableVersion } from './taskflow-reader.js';

const textOf =
  (document: unknown): OpenText =>
  async function* () {
    const text = JSON.stringify(document);
    for (let start = 0; start < text.length; start += 50) yield text.slice(start, start + 50);
  };

async function records(document: unknown): Promise<ImportRecord[]> {
  const read: ImportRecord[] = [];
  for await (const record of readTaskflowExport(textOf(document))) read.push(record);
  return read;
}

const at = '2026-05-03T10:00:00.000Z';
const task = (id: string, extra: object = {}) => ({
  id, projectId: 'p1', title: `Task ${id}`, description: '', status: 'todo', completed: false, completedAt: null, priority: 'low', dueDate: null,
  timeEstimate: null, assignedTo: null, createdBy: 'u1', createdAt: at, updatedAt: at, position: 1, version: 1, ...extra,
});
const exportOf = (fields: object) => ({
  format: 'taskflow.workspace-export', version: 1, exportedAt: at, scope: 'workspace',
  workspace: {}, members: [{ id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'owner', joinedAt: at }],
  labels: [], projects: [], tasks: [], milestones: [], notes: [], links: [], comments: [], attachments: [], ...fields,
});

describe('the TaskFlow export reader', () => {
  it('yields a sub-task after its parent even when the file lists it first, comments after every task, blockers only in the file', async () => {
    const read = await records(exportOf({
      tasks: [task('child', { parentId: 'parent', blockedBy: [{ projectId: 'p1', taskId: 'parent' }, { projectId: 'p2', taskId: 'elsewhere' }] }), task('parent', { assignedTo: 'u1' })],
      comments: [{ id: 'c1', taskId: 'child', projectId: 'p1', authorId: 'u1', body: 'Hi', mentions: ['u1'], createdAt: at, updatedAt: at, edited: false }],
    }));
    expect(read.map((record) => `${record.kind} ${'key' in record ? record.key : ''}`)).toEqual(['task parent', 'task child', 'comment c1']);
    expect(read[0]).toMatchObject({ assignee: { name: 'Ana', email: 'ana@example.com' }, createdBy: { email: 'ana@example.com' } });
    // A blocking task of another project (a project's export) is not in the file: left out.
    expect(read[1]).toMatchObject({ parentKey: 'parent', blockedBy: [{ projectKey: 'p1', taskKey: 'parent' }] });
    expect(read[2]).toMatchObject({ author: { email: 'ana@example.com' }, mentions: [{ email: 'ana@example.com' }] });
  });

  it('reads a comment without a taskId as one on its project, and still skips one with neither', async () => {
    const comment = { authorId: 'u1', body: 'On the project', mentions: [], createdAt: at, updatedAt: at, edited: false };
    const read = await records(exportOf({ comments: [{ id: 'c1', projectId: 'p1', ...comment }, { id: 'c2', ...comment }] }));
    expect(read[0]).toEqual({ kind: 'comment', key: 'c1', projectKey: 'p1', text: 'On the project', author: { name: 'Ana', email: 'ana@example.com' }, createdAt: at, mentions: [] });
    expect(read[0]).not.toHaveProperty('taskKey');
    expect(read[1]).toMatchObject({ kind: 'skipped', where: 'comment 2', reason: expect.stringContaining('projectId') });
  });

  it('skips an element that is not valid, saying where and why, and counts every attachment as not kept', async () => {
    const read = await records(exportOf({ tasks: [task('t1'), task('t2', { status: 'someday' })], attachments: [{ nonsense: true }, { id: 'a', taskId: 't1', projectId: 'p1', fileName: 'x.pdf', contentType: 'application/pdf', size: 1, uploadedBy: 'u1', createdAt: at, status: 'ready' }] }));
    expect(read.filter((record) => record.kind === 'skipped')).toEqual([
      { kind: 'skipped', where: 'task 2 (Task t2)', reason: expect.stringContaining('status') },
    ]);
    expect(read.filter((record) => record.kind === 'notKept')).toEqual([
      { kind: 'notKept', what: ATTACHMENTS_NOT_KEPT },
      { kind: 'notKept', what: ATTACHMENTS_NOT_KEPT },
    ]);
  });

  it('refuses a file that is not a TaskFlow export, or of a version it cannot read, before any record', async () => {
    await expect(records({ cards: [] })).rejects.toThrow(new ImportFileError(NOT_A_TASKFLOW_EXPORT));
    await expect(records({ ...exportOf({}), format: 'trello' })).rejects.toThrow(new ImportFileError(NOT_A_TASKFLOW_EXPORT));
    await expect(records(exportOf({ version: 2 }))).rejects.toThrow(new ImportFileError(unreadableVersion(2)));
  });
});
