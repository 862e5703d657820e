import { beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTE_CONTENT_MAX_LENGTH, milestoneResponse, noteResponse } from '../../shared/schemas/project.js';
import { signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

describe('milestones and notes through the local HTTP API', () => {
  let alice: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;

  const path = (kind: 'milestones' | 'notes', id?: string, project = projectId) =>
    `/workspaces/${workspaceId}/projects/${project}/${kind}${id === undefined ? '' : `/${id}`}`;

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace();
    projectId = (await api.createProject(workspaceId)).id;
  });

  describe('milestones', () => {
    it('creates an open milestone by the caller', async () => {
      const milestone = await api.createMilestone(workspaceId, projectId, { title: ' Beta ', dueDate: '2026-12-01' });
      expect(milestone).toMatchObject({
        projectId,
        title: 'Beta',
        description: '',
        dueDate: '2026-12-01',
        completed: false,
        completedAt: null,
        createdBy: userIdOf(alice),
        version: 1,
      });
    });

    it.each([
      [{ title: 'No date' }, 'dueDate'],
      [{ title: 'Bad date', dueDate: '2026-13-01' }, 'dueDate'],
      [{ title: '', dueDate: '2026-12-01' }, 'title'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const response = await api.call('POST', path('milestones'), body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: [{ field }] });
    });

    it('toggles completed with its timestamp, edits, refuses a stale version and deletes', async () => {
      const milestone = await api.createMilestone(workspaceId, projectId);
      const done = milestoneResponse.parse((await api.call('PATCH', path('milestones', milestone.id), { version: 1, completed: true })).body).milestone;
      expect(done).toMatchObject({ completed: true, version: 2 });
      expect(done.completedAt).not.toBeNull();

      const renamed = milestoneResponse.parse(
        (await api.call('PATCH', path('milestones', milestone.id), { version: 2, title: 'GA', completed: true })).body,
      ).milestone;
      expect(renamed).toMatchObject({ title: 'GA', completed: true, completedAt: done.completedAt });

      const reopened = milestoneResponse.parse((await api.call('PATCH', path('milestones', milestone.id), { version: 3, completed: false })).body).milestone;
      expect(reopened).toMatchObject({ completed: false, completedAt: null, version: 4 });

      expect((await api.call('PATCH', path('milestones', milestone.id), { version: 3, title: 'Stale' })).status).toBe(409);
      expect((await api.getProjectWithItems(workspaceId, projectId)).milestones.find((item) => item.id === milestone.id)).toEqual(reopened);

      expect(await api.call('DELETE', path('milestones', milestone.id))).toEqual({ status: 204, body: undefined });
      expect((await api.getProjectWithItems(workspaceId, projectId)).milestones.find((item) => item.id === milestone.id)).toBeUndefined();
      expect(await api.call('DELETE', path('milestones', milestone.id))).toEqual({ status: 404, body: { error: 'Milestone not found' } });
    });
  });

  describe('notes', () => {
    it('creates a note by the caller and edits its content', async () => {
      const note = await api.createNote(workspaceId, projectId, { title: 'Plan', content: '# Heading' });
      expect(note).toMatchObject({ projectId, title: 'Plan', content: '# Heading', createdBy: userIdOf(alice), version: 1 });
      const edited = noteResponse.parse((await api.call('PATCH', path('notes', note.id), { version: 1, content: '- item' })).body).note;
      expect(edited).toMatchObject({ title: 'Plan', content: '- item', version: 2 });
      expect(edited.updatedAt > note.updatedAt).toBe(true);
    });

    it.each([
      [{ content: 'No title' }, 'title', 'Title is required'],
      [{ title: 'Huge', content: 'x'.repeat(NOTE_CONTENT_MAX_LENGTH + 1) }, 'content', `Content must be at most ${NOTE_CONTENT_MAX_LENGTH} characters`],
    ])('refuses %j with 400 naming %s', async (body, field, message) => {
      const response = await api.call('POST', path('notes'), body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: [{ field, message }] });
    });

    it('moves a note to another project of the workspace', async () => {
      const target = await api.createProject(workspaceId, { name: 'Target' });
      const note = await api.createNote(workspaceId, projectId, { title: 'Travelling' });
      const response = await api.call('PATCH', path('notes', note.id), { version: 1, projectId: target.id, title: 'Arrived' });
      expect(response.status).toBe(200);
      const moved = noteResponse.parse(response.body).note;
      expect(moved).toMatchObject({ id: note.id, projectId: target.id, title: 'Arrived', createdAt: note.createdAt, version: 2 });

      expect((await api.getProjectWithItems(workspaceId, projectId)).notes.map((item) => item.id)).not.toContain(note.id);
      expect((await api.getProjectWithItems(workspaceId, target.id)).notes).toEqual([moved]);
      expect((await api.call('PATCH', path('notes', note.id), { version: 2, title: 'Old place' })).status).toBe(404);
      expect((await api.call('PATCH', path('notes', note.id, target.id), { version: 2, title: 'New place' })).status).toBe(200);
    });

    it('refuses a move to an unknown project with 404 and a stale move with 409, changing nothing', async () => {
      const target = await api.createProject(workspaceId, { name: 'Other target' });
      const note = await api.createNote(workspaceId, projectId, { title: 'Staying' });
      const unknown = await api.call('PATCH', path('notes', note.id), { version: 1, projectId: 'no-such-project' });
      expect(unknown).toEqual({ status: 404, body: { error: 'Project not found' } });
      const stale = await api.call('PATCH', path('notes', note.id), { version: 5, projectId: target.id });
      expect(stale.status).toBe(409);
      expect((await api.getProjectWithItems(workspaceId, projectId)).notes.find((item) => item.id === note.id)).toEqual(note);
      expect((await api.getProjectWithItems(workspaceId, target.id)).notes).toEqual([]);
    });

    it('deletes a note with 204', async () => {
      const note = await api.createNote(workspaceId, projectId, { title: 'Gone soon' });
      expect(await api.call('DELETE', path('notes', note.id))).toEqual({ status: 204, body: undefined });
      expect((await api.getProjectWithItems(workspaceId, projectId)).notes.find((item) => item.id === note.id)).toBeUndefined();
      expect(await api.call('DELETE', path('notes', note.id))).toEqual({ status: 404, body: { error: 'Note not found' } });
    });
  });
});
