import type { CommentView } from '../schemas/comment.js';
import type { LabelView } from '../schemas/label.js';
import type { MilestoneView, NoteView, ProjectSummary, TaskView } from '../schemas/project.js';

/**
 * Test data builders for projects and their children, shared by the unit tests of functions/ and web/ and by the
 * integration tests: one place knows every field, so a test names only what it is about. Test code only; nothing
 * outside tests imports this (so the app bundle never holds it).
 */

const CREATED_AT = '2026-01-01T00:00:00.000Z';

/** A project as the API lists it: its fields and (by default zero) counts of what it holds. */
export function aProject(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 'p1',
    workspaceId: 'w1',
    name: 'Project',
    description: '',
    color: '#3B82F6',
    deadline: null,
    priority: 'medium',
    isFavorite: false,
    archived: false,
    archivedAt: null,
    preferredDays: ['monday'],
    createdBy: 'u1',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    version: 1,
    taskCount: 0,
    completedTaskCount: 0,
    milestoneCount: 0,
    noteCount: 0,
    commentCount: 0,
    countsRevision: 0,
    ...overrides,
  };
}

export function aTask(overrides: Partial<TaskView> = {}): TaskView {
  return {
    id: 't1',
    projectId: 'p1',
    title: 'Task',
    description: '',
    status: 'todo',
    completed: false,
    completedAt: null,
    priority: 'medium',
    dueDate: null,
    timeEstimate: null,
    assignedTo: null,
    createdBy: 'u1',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    position: 1024,
    version: 1,
    ...overrides,
  };
}

export function aMilestone(overrides: Partial<MilestoneView> = {}): MilestoneView {
  return {
    id: 'm1',
    projectId: 'p1',
    title: 'Milestone',
    description: '',
    dueDate: '2026-02-01',
    completed: false,
    completedAt: null,
    createdBy: 'u1',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    version: 1,
    ...overrides,
  };
}

export function aNote(overrides: Partial<NoteView> = {}): NoteView {
  return { id: 'n1', projectId: 'p1', title: 'Note', content: '', createdBy: 'u1', createdAt: CREATED_AT, updatedAt: CREATED_AT, version: 1, ...overrides };
}

/** A workspace's label (issue 36). */
export function aLabel(overrides: Partial<LabelView> = {}): LabelView {
  return { id: 'l1', workspaceId: 'ws-1', name: 'Label', color: '#EF4444', createdAt: CREATED_AT, updatedAt: CREATED_AT, version: 1, ...overrides };
}

/** A comment as the API lists it: on a project itself unless `taskId` is given. */
export function aComment(overrides: Partial<CommentView> = {}): CommentView {
  return { id: 'c1', authorId: 'u1', body: 'Hello', mentions: [], createdAt: CREATED_AT, updatedAt: CREATED_AT, edited: false, ...overrides };
}
