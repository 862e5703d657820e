import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { workspaceExport } from '../../shared/schemas/export.js';
import type { MilestoneView, NoteView, ProjectSummary, TaskView } from '../../shared/schemas/project.js';
import { exportCsvFiles } from './export-csv.js';
import { buildWorkspaceExport, type ExportSources } from './export-document.js';

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
  projects: [
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
  ],
  links: [{ id: 'k1', workspaceId: 'ws1', url: 'https://example.com/', title: null, category: 'Others', description: null, createdBy: 'u1', createdAt: at, updatedAt: at, version: 1 }],
  comments: [
    { id: 'c1', taskId: 't1', authorId: 'u2', body: '+1, looks good', mentions: [], createdAt: at, updatedAt: at, edited: false },
    { id: 'c2', taskId: 't3', authorId: 'u1', body: 'Other project', mentions: [], createdAt: at, updatedAt: at, edited: false },
    { id: 'c3', taskId: 'gone', authorId: 'u1', body: 'Its task was deleted', mentions: [], createdAt: at, updatedAt: at, edited: false },
  ],
  attachments: [{ id: 'a1', taskId: 't3', fileName: 'plan.pdf', contentType: 'application/pdf', size: 1234, uploadedBy: 'u1', createdAt: at }],
};

describe('buildWorkspaceExport', () => {
  it('holds every entity of the workspace with its ids and references, in the versioned format', () => {
    const document = buildWorkspaceExport(sources, { scope: 'workspace' }, new Date(at));
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
    // A comment gets the project its task is in now; one whose task is gone is left out.
    expect(document.comments.map((c) => [c.id, c.projectId])).toEqual([['c1', 'p1'], ['c2', 'p2']]);
    expect(document.attachments).toEqual([expect.objectContaining({ id: 'a1', projectId: 'p2', fileName: 'plan.pdf', size: 1234 })]);
  });

  it("holds one project's tasks, milestones, notes, comments and files, the labels and members, and no links", () => {
    const document = buildWorkspaceExport(sources, { scope: 'project', projectId: 'p2' }, new Date(at));
    expect(document.scope).toBe('project');
    expect(document.projects.map((p) => p.id)).toEqual(['p2']);
    expect(document.tasks.map((t) => t.id)).toEqual(['t3']);
    expect(document.milestones).toEqual([]);
    expect(document.comments.map((c) => c.id)).toEqual(['c2']);
    expect(document.attachments.map((a) => a.id)).toEqual(['a1']);
    expect(document.links).toEqual([]);
    expect(document.labels.map((l) => l.id)).toEqual(['l1']);
    expect(document.members.map((m) => m.id)).toEqual(['u1', 'u2']);
  });
});

describe('exportCsvFiles', () => {
  const files = exportCsvFiles(buildWorkspaceExport(sources, { scope: 'workspace' }, new Date(at)));
  const rowsOf = (name: string) => Papa.parse<Record<string, string>>(files.find((file) => file.name === name)?.content ?? '', { header: true }).data;

  it('writes one CSV per entity', () => {
    expect(files.map((file) => file.name)).toEqual(['projects.csv', 'tasks.csv', 'milestones.csv', 'notes.csv', 'links.csv', 'comments.csv', 'members.csv']);
    expect(files.every((file) => file.contentType === 'text/csv; charset=utf-8')).toBe(true);
  });

  it('keeps ids and references in the rows, lists joined with ;', () => {
    expect(rowsOf('tasks.csv')[0]).toMatchObject({ id: 't1', projectId: 'p1', parentId: '', labelIds: 'l1', blockedBy: 't3', assignedTo: 'u2', repeat: 'FREQ=WEEKLY', timeEstimate: '30' });
    expect(rowsOf('tasks.csv')[1]).toMatchObject({ parentId: 't1' });
    expect(rowsOf('comments.csv').map((row) => [row.id, row.taskId, row.projectId])).toEqual([['c1', 't1', 'p1'], ['c2', 't3', 'p2']]);
    expect(rowsOf('members.csv')[0]).toEqual({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'owner', joinedAt: at });
  });

  it('escapes cells a spreadsheet would run as formulas', () => {
    expect(rowsOf('tasks.csv')[1]?.title).toBe(`'=cmd|"/c calc"!A1`);
    expect(rowsOf('comments.csv')[0]?.body).toBe(`'+1, looks good`);
  });
});
