import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { workspaceExport } from '../../shared/schemas/export.js';
import type { MilestoneView, NoteView, ProjectSummary, TaskView } from '../../shared/schemas/project.js';
import type { ObjectWriter } from '../lib/file-store.js';
import type { PlacedComment } from '../data/comments.js';
import { buildWorkspaceExport, streamWorkspaceExport, type ExportSources, type ExportTarget } from './export-document.js';
import { writeExportFiles } from './export-files.js';

const at = '2026-12-01T10:00:00.000Z';
const project = (id: string): ProjectSummary => ({
  id, workspaceId: 'ws1', name: `Project ${id}`, description: '', color: '#3B82F6', deadline: null, priority: 'medium', isFavorite: false,
  archived: false, archivedAt: null, preferredDays: ['monday'], createdBy: 'u1', createdAt: at, updatedAt: at, version: 1,
  taskCount: 1, completedTaskCount: 0, milestoneCount: 1, noteCount: 1, commentCount: 0, countsRevision: 3,
});
const task = (id: string, projectId: string, extra: Partial<TaskView> = {}): TaskView => ({
  id, projectId, title: `Task ${id}`, description: '', status: 'todo', completed: false, completedAt: null, priority: 'high', dueDate: '2026-12-24',
  timeEstimate: 30, assignedTo: 'u2', createdBy: 'u1', createdAt: at, updatedAt: at, position: 1, version: 2, commentCount: 1, ...extra,
});
const milestone = (projectId: string): MilestoneView => ({
  id: `m-${projectId}`, projectId, title: 'Launch', description: '', dueDate: '2026-12-31', completed: false, completedAt: null, createdBy: 'u1', createdAt: at, updatedAt: at, version: 1,
});
const note = (projectId: string): NoteView => ({ id: `n-${projectId}`, projectId, title: 'Notes', content: '# Hi', createdBy: 'u1', createdAt: at, updatedAt: at, version: 1 });

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

const projectItems = [
  {
    project: project('p1'),
    tasks: [
      task('t1', 'p1', { labelIds: ['l1'], blockedBy: [{ projectId: 'p2', taskId: 't3' }], repeat: { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'Europe/Berlin' } }),
      task('t2', 'p1', { parentId: 't1', title: '=cmd|"/c calc"!A1' }),
    ],
    milestones: [milestone('p1')],
    notes: [note('p1')],
  },
  { project: project('p2'), tasks: [task('t3', 'p2')], milestones: [], notes: [] },
];
const comment = (id: string, subject: { taskId: string; projectId: string } | { projectId: string }, body: string): PlacedComment => ({
  id, ...subject, authorId: 'u2', body, mentions: [], createdAt: at, updatedAt: at, edited: false,
});
const comments: PlacedComment[] = [
  // Written while t1 was in p2: it goes with its task, now in p1.
  comment('c1', { taskId: 't1', projectId: 'p2' }, '+1, looks good'),
  comment('c2', { taskId: 't3', projectId: 'p2' }, 'Other project'),
  comment('c3', { taskId: 'gone', projectId: 'p1' }, 'Its task was deleted'),
  comment('c4', { projectId: 'p1' }, '@On the project itself'),
  comment('c5', { projectId: 'gone' }, 'Its project was deleted'),
];

const sources: ExportSources = {
  workspace: {
    id: 'ws1', name: 'Acme', slug: 'acme', createdAt: at, createdBy: 'u1', autoWeeklyPlan: false, blockersMustBeDone: true, requireTwoFactor: false,
    apiTokensEnabled: true, allowNonExpiringTokens: false, version: 4,
  },
  members: [
    { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'owner', joinedAt: at },
    { id: 'u2', name: 'Bob', email: 'bob@example.com', role: 'member', joinedAt: at },
  ],
  labels: [{ id: 'l1', workspaceId: 'ws1', name: 'Urgent', color: '#FF0000', createdAt: at, updatedAt: at, version: 1 }],
  projects: projectItems.map((entry) => entry.project),
  tasksOf: (projectId) => each(projectItems.find((entry) => entry.project.id === projectId)?.tasks ?? []),
  milestonesOf: (projectId) => each(projectItems.find((entry) => entry.project.id === projectId)?.milestones ?? []),
  notesOf: (projectId) => each(projectItems.find((entry) => entry.project.id === projectId)?.notes ?? []),
  links: () => each([{ id: 'k1', workspaceId: 'ws1', url: 'https://example.com/', title: null, category: 'Others', description: null, createdBy: 'u1', createdAt: at, updatedAt: at, version: 1 }]),
  comments: () => each(comments),
  attachments: () =>
    each([
      { id: 'a1', taskId: 't3', fileName: 'plan.pdf', contentType: 'application/pdf', size: 1234, uploadedBy: 'u1', createdAt: at },
      // A file of p1's own comment c4, and one of a comment on a project since deleted.
      { id: 'a2', projectId: 'p1', commentId: 'c4', fileName: 'mock.png', contentType: 'image/png', size: 99, uploadedBy: 'u2', createdAt: at },
      { id: 'a3', projectId: 'gone', commentId: 'c5', fileName: 'old.png', contentType: 'image/png', size: 5, uploadedBy: 'u2', createdAt: at },
    ]),
};
const empty: ExportSources = { ...sources, members: [], labels: [], projects: [], links: () => each([]), comments: () => each([]), attachments: () => each([]) };

/** The files an export writes, each as its text, through writers in memory; `failing` names a file whose writes fail. */
async function writtenFiles(from: ExportSources, target: ExportTarget, failing?: string) {
  const files = new Map<string, string>();
  const aborted: string[] = [];
  const removed: string[] = [];
  const open = (name: string): ObjectWriter => {
    let text = '';
    return {
      write: (piece) => (name === failing ? Promise.reject(new Error('S3 is down')) : Promise.resolve(void (text += piece))),
      end: () => Promise.resolve(void files.set(name, text)),
      abort: () => Promise.resolve(void aborted.push(name)),
    };
  };
  try {
    const store = { open, remove: (names: readonly string[]) => Promise.resolve(void removed.push(...names)) };
    return { files, aborted, removed, names: await writeExportFiles(streamWorkspaceExport(from, target, new Date(at)), store) };
  } catch (error) {
    return { files, aborted, removed, error };
  }
}

describe('buildWorkspaceExport', () => {
  it('holds every entity of the workspace with its ids and references, in the versioned format', async () => {
    const document = (await buildWorkspaceExport(sources, { scope: 'workspace' }, new Date(at)));
    expect(workspaceExport.parse(document)).toEqual(document);
    expect(document).toMatchObject({ format: 'taskflow.workspace-export', version: 1, exportedAt: at, scope: 'workspace' });
    expect(document.workspace).toEqual({
      id: 'ws1', name: 'Acme', slug: 'acme', createdAt: at, autoWeeklyPlan: false, blockersMustBeDone: true, requireTwoFactor: false, apiTokensEnabled: true, allowNonExpiringTokens: false,
    });
    expect(document.tasks.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(document.tasks[0]).toMatchObject({ labelIds: ['l1'], blockedBy: [{ projectId: 'p2', taskId: 't3' }], repeat: { rule: 'FREQ=WEEKLY' }, assignedTo: 'u2' });
    expect(document.tasks[1]).toMatchObject({ parentId: 't1' });
    expect(document.tasks[0]).not.toHaveProperty('commentCount');
    expect(document.projects[0]).not.toHaveProperty('taskCount');
    expect(document.milestones.map((m) => m.id)).toEqual(['m-p1']);
    expect(document.notes.map((n) => n.id)).toEqual(['n-p1']);
    expect(document.links.map((l) => l.id)).toEqual(['k1']);
    // A task's comment gets the project its task is in now, a project's own its project; one whose task or project is gone is left out.
    expect(document.comments.map((c) => [c.id, c.taskId, c.projectId])).toEqual([['c1', 't1', 'p1'], ['c2', 't3', 'p2'], ['c4', undefined, 'p1']]);
    expect(document.comments[2]).not.toHaveProperty('taskId');
    expect(document.attachments).toEqual([
      expect.objectContaining({ id: 'a1', taskId: 't3', projectId: 'p2', fileName: 'plan.pdf', size: 1234 }),
      expect.objectContaining({ id: 'a2', projectId: 'p1', commentId: 'c4', fileName: 'mock.png' }),
    ]);
    expect(document.attachments[1]).not.toHaveProperty('taskId');
  });

  it("holds one project's tasks, milestones, notes, comments and files, the labels and members, and no links", async () => {
    const document = await buildWorkspaceExport(sources, { scope: 'project', projectId: 'p2' }, new Date(at));
    expect(document.scope).toBe('project');
    expect(document.projects.map((p) => p.id)).toEqual(['p2']);
    expect(document.tasks.map((t) => t.id)).toEqual(['t3']);
    expect(document.milestones).toEqual([]);
    expect(document.comments.map((c) => c.id)).toEqual(['c2']);
    // p2's task's file; not p1's own comment's.
    expect(document.attachments.map((a) => a.id)).toEqual(['a1']);
    expect(document.links).toEqual([]);
    expect(document.labels.map((l) => l.id)).toEqual(['l1']);
    expect(document.members.map((m) => m.id)).toEqual(['u1', 'u2']);
    // The project's own comments are its export's; another project's are not.
    const first = await buildWorkspaceExport(sources, { scope: 'project', projectId: 'p1' }, new Date(at));
    expect(first.comments.map((c) => c.id)).toEqual(['c1', 'c4']);
  });

  it("refuses to read the comments before the tasks (they find their tasks' projects in what the tasks noted)", async () => {
    const { lists } = streamWorkspaceExport(sources, { scope: 'workspace' }, new Date(at));
    await expect(lists.comments()[Symbol.asyncIterator]().next()).rejects.toThrow('after its tasks');
  });
});

describe('writeExportFiles', () => {
  it.each([
    ['a workspace', sources, { scope: 'workspace' }],
    ['a project', sources, { scope: 'project', projectId: 'p1' }],
    ['an empty workspace', empty, { scope: 'workspace' }],
  ] as const)('writes the bytes of the document built in memory, as export.json (%s)', async (_what, from, target) => {
    const { files } = await writtenFiles(from, target);
    const document = await buildWorkspaceExport(from, target, new Date(at));
    expect(files.get('export.json')).toBe(`${JSON.stringify(document, null, 2)}\n`);
  });

  it('aborts every file not finished when one cannot be written, removes those finished, and fails', async () => {
    const { error, files, aborted, removed } = await writtenFiles(sources, { scope: 'workspace' }, 'tasks.csv');
    expect(error).toEqual(new Error('S3 is down'));
    // The lists before the tasks had finished their files: removed, with no job listing them.
    expect([...files.keys()]).toEqual(['members.csv', 'projects.csv']);
    expect(removed).toEqual(['members.csv', 'projects.csv']);
    expect(aborted.sort()).toEqual(['export.json', 'tasks.csv']);
  });
});

describe('the CSV files', () => {
  const written = writtenFiles(sources, { scope: 'workspace' });
  const rowsOf = async (name: string) => Papa.parse<Record<string, string>>((await written).files.get(name) ?? '', { header: true }).data;

  it('writes export.json and one CSV per entity, listed in that order', async () => {
    const { names, files } = await written;
    expect(names).toEqual(['export.json', 'projects.csv', 'tasks.csv', 'milestones.csv', 'notes.csv', 'links.csv', 'comments.csv', 'members.csv']);
    expect([...files.keys()].sort()).toEqual([...(names ?? [])].sort());
  });

  it('keeps ids and references in the rows, lists joined with ;, a project comment with no taskId', async () => {
    expect((await rowsOf('tasks.csv'))[0]).toMatchObject({ id: 't1', projectId: 'p1', parentId: '', labelIds: 'l1', blockedBy: 't3', assignedTo: 'u2', repeat: 'FREQ=WEEKLY', timeEstimate: '30' });
    expect((await rowsOf('tasks.csv'))[1]).toMatchObject({ parentId: 't1' });
    expect((await rowsOf('comments.csv')).map((row) => [row.id, row.taskId, row.projectId])).toEqual([['c1', 't1', 'p1'], ['c2', 't3', 'p2'], ['c4', '', 'p1']]);
    expect((await rowsOf('members.csv'))[0]).toEqual({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'owner', joinedAt: at });
    expect(await rowsOf('links.csv')).toEqual([expect.objectContaining({ id: 'k1', url: 'https://example.com/', title: '' })]);
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    expect((await rowsOf('tasks.csv'))[1]?.title).toBe(`'=cmd|"/c calc"!A1`);
    expect((await rowsOf('comments.csv'))[0]?.body).toBe(`'+1, looks good`);
    expect((await rowsOf('comments.csv'))[2]?.body).toBe(`'@On the project itself`);
  });

  it('writes the header alone for an entity with no rows', async () => {
    const { files } = await writtenFiles(empty, { scope: 'workspace' });
    expect(files.get('links.csv')).toBe('id,url,title,category,description,createdBy,createdAt\r\n');
  });
});
