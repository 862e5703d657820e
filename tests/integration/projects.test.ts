import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listProjectsResponse, projectResponse } from '../../shared/schemas/project.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { addMember, newAccount } from './member-fixtures.js';
import { projectApi, storedItemKeys, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

describe('projects through the local HTTP API', () => {
  let alice: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace();
  });

  it('creates a project with the defaults, holding nothing', async () => {
    const project = await api.createProject(workspaceId, { name: '  Launch  ' });
    expect(project).toMatchObject({
      workspaceId,
      name: 'Launch',
      description: '',
      color: '#3B82F6',
      deadline: null,
      priority: 'medium',
      isFavorite: false,
      archived: false,
      archivedAt: null,
      preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      createdBy: userIdOf(alice),
      version: 1,
      taskCount: 0,
      completedTaskCount: 0,
      milestoneCount: 0,
      noteCount: 0,
    });
    expect(project.updatedAt).toBe(project.createdAt);
    expect(await api.getProject(workspaceId, project.id)).toEqual(project);
  });

  it('keeps what was sent, with the colour in upper case', async () => {
    const project = await api.createProject(workspaceId, {
      name: 'Website',
      description: 'New site',
      color: '#10b981',
      deadline: '2026-12-24',
      priority: 'high',
      preferredDays: ['saturday'],
    });
    expect(project).toMatchObject({ color: '#10B981', deadline: '2026-12-24', priority: 'high', preferredDays: ['saturday'] });
  });

  it.each([
    [{ name: '   ' }, 'name', 'Project Name is required'],
    [{}, 'name', 'Project Name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Project Name must be at most 100 characters'],
    [{ name: 'P', color: 'blue' }, 'color', 'Color must be a hex colour such as #3B82F6'],
    [{ name: 'P', deadline: '2026-02-30' }, 'deadline', 'Must be a date in the form YYYY-MM-DD'],
    [{ name: 'P', deadline: '24/12/2026' }, 'deadline', 'Must be a date in the form YYYY-MM-DD'],
  ])('refuses the create body %j with 400 naming %s', async (body, field, message) => {
    const response = await api.call('POST', `/workspaces/${workspaceId}/projects`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: [{ field, message }] });
  });

  it.each([
    [{ name: 'No version' }, 'version'],
    [{ version: 1, priority: 'urgent' }, 'priority'],
    [{ version: 1, preferredDays: ['someday'] }, 'preferredDays.0'],
    [{ version: 1, isFavorite: 'yes' }, 'isFavorite'],
  ])('refuses the update body %j with 400 naming %s', async (body, field) => {
    const project = await api.createProject(workspaceId);
    const response = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: [{ field }] });
    expect(await api.getProject(workspaceId, project.id)).toEqual(project);
  });

  it('changes only the fields sent, stamps updatedAt and counts the version up', async () => {
    const project = await api.createProject(workspaceId, { name: 'Before', description: 'Kept' });
    const response = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}`, {
      version: 1,
      name: 'After',
      isFavorite: true,
      deadline: '2027-01-15',
    });
    expect(response.status).toBe(200);
    const updated = projectResponse.parse(response.body).project;
    expect(updated).toMatchObject({ name: 'After', description: 'Kept', isFavorite: true, deadline: '2027-01-15', version: 2 });
    expect(updated.updatedAt > project.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(project.createdAt);
    expect(await api.getProject(workspaceId, project.id)).toEqual(updated);
  });

  it('stamps archivedAt on archive and clears it on unarchive', async () => {
    const project = await api.createProject(workspaceId);
    const path = `/workspaces/${workspaceId}/projects/${project.id}`;
    const archived = projectResponse.parse((await api.call('PATCH', path, { version: 1, archived: true })).body).project;
    expect(archived.archived).toBe(true);
    expect(Date.parse(archived.archivedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(project.createdAt));
    const restored = projectResponse.parse((await api.call('PATCH', path, { version: 2, archived: false })).body).project;
    expect(restored).toMatchObject({ archived: false, archivedAt: null, version: 3 });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const project = await api.createProject(workspaceId, { name: 'Original' });
    const path = `/workspaces/${workspaceId}/projects/${project.id}`;
    expect((await api.call('PATCH', path, { version: 1, description: 'First writer' })).status).toBe(200);
    const stale = await api.call('PATCH', path, { version: 1, name: 'Second writer' });
    expect(stale.status).toBe(409);
    expect(await api.getProject(workspaceId, project.id)).toMatchObject({ name: 'Original', description: 'First writer', version: 2 });
  });

  it('answers 404 for a project the workspace does not have', async () => {
    const path = `/workspaces/${workspaceId}/projects/00000000-0000-0000-0000-000000000000`;
    expect(await api.call('GET', path)).toEqual({ status: 404, body: { error: 'Project not found' } });
    expect((await api.call('PATCH', path, { version: 1, name: 'X' })).status).toBe(404);
    expect((await api.call('DELETE', path)).status).toBe(404);
  });

  it('lists every project in the spec order as a summary with its counts; its items are their own read, sorted', async () => {
    const ownWorkspace = await api.createWorkspace('Listing');
    const plain = await api.createProject(ownWorkspace, { name: 'Plain' });
    const high = await api.createProject(ownWorkspace, { name: 'High', priority: 'high' });
    const low = await api.createProject(ownWorkspace, { name: 'Low', priority: 'low' });
    const favorite = await api.createProject(ownWorkspace, { name: 'Favourite', priority: 'low' });
    await api.call('PATCH', `/workspaces/${ownWorkspace}/projects/${favorite.id}`, { version: 1, isFavorite: true });

    const last = await api.createTask(ownWorkspace, plain.id, { title: 'Last', position: 5000 });
    const first = await api.createTask(ownWorkspace, plain.id, { title: 'First', position: 10, status: 'completed' });
    const later = await api.createMilestone(ownWorkspace, plain.id, { title: 'Later', dueDate: '2027-03-01' });
    const sooner = await api.createMilestone(ownWorkspace, plain.id, { title: 'Sooner', dueDate: '2026-12-01' });
    const edited = await api.createNote(ownWorkspace, plain.id, { title: 'Written first, edited last' });
    const untouched = await api.createNote(ownWorkspace, plain.id, { title: 'Untouched' });
    const noteEdit = { version: 1, content: 'Edited' };
    expect((await api.call('PATCH', `/workspaces/${ownWorkspace}/projects/${plain.id}/notes/${edited.id}`, noteEdit)).status).toBe(200);
    await api.createTask(ownWorkspace, high.id, { title: 'Elsewhere' });

    const response = await api.call('GET', `/workspaces/${ownWorkspace}/projects`);
    expect(response.status).toBe(200);
    const { projects } = listProjectsResponse.parse(response.body);
    expect(projects.map((project) => project.name)).toEqual(['Favourite', 'High', 'Plain', 'Low']);
    const listedPlain = projects.find((project) => project.id === plain.id);
    expect(listedPlain).toMatchObject({ taskCount: 2, completedTaskCount: 1, milestoneCount: 2, noteCount: 2 });
    expect(response.body).not.toHaveProperty('projects.0.tasks');
    expect(projects.find((project) => project.id === high.id)).toMatchObject({ taskCount: 1, completedTaskCount: 0 });
    expect(projects.find((project) => project.id === low.id)).toMatchObject({ taskCount: 0, milestoneCount: 0, noteCount: 0 });
    expect(await api.getProject(ownWorkspace, plain.id)).toEqual(listedPlain);

    const items = await api.getProjectWithItems(ownWorkspace, plain.id);
    expect(items.tasks.map((task) => task.id)).toEqual([first.id, last.id]);
    expect(items.milestones.map((milestone) => milestone.id)).toEqual([sooner.id, later.id]);
    expect(items.notes.map((note) => note.id)).toEqual([edited.id, untouched.id]);
    expect((await api.call('GET', `/workspaces/${ownWorkspace}/projects/no-such-project/items`)).status).toBe(404);
    // An empty project is not a missing one.
    const empty = await api.createProject(ownWorkspace, { name: 'Empty' });
    expect(await api.call('GET', `/workspaces/${ownWorkspace}/projects/${empty.id}/items`)).toEqual({ status: 200, body: { tasks: [], milestones: [], notes: [] } });
  });

  it('deletes a project with all its tasks, milestones and notes, and nothing of its neighbours', async () => {
    const ownWorkspace = await api.createWorkspace('Deleting');
    const doomed = await api.createProject(ownWorkspace, { name: 'Doomed' });
    const neighbour = await api.createProject(ownWorkspace, { name: 'Neighbour' });
    // More children than one BatchWrite of 25 takes.
    await Promise.all(Array.from({ length: 30 }, (_, index) => api.createTask(ownWorkspace, doomed.id, { title: `Task ${index}` })));
    await api.createMilestone(ownWorkspace, doomed.id);
    await api.createNote(ownWorkspace, doomed.id);
    const kept = await api.createTask(ownWorkspace, neighbour.id);
    const doomedPartition = `PROJ#${ownWorkspace}#${doomed.id}`;
    expect(await storedItemKeys(doomedPartition)).toHaveLength(32);
    expect(await api.getProject(ownWorkspace, doomed.id)).toMatchObject({ taskCount: 30, milestoneCount: 1, noteCount: 1 });

    const response = await api.call('DELETE', `/workspaces/${ownWorkspace}/projects/${doomed.id}`);
    expect(response).toEqual({ status: 204, body: undefined });

    expect((await api.call('GET', `/workspaces/${ownWorkspace}/projects/${doomed.id}`)).status).toBe(404);
    expect(await storedItemKeys(doomedPartition)).toEqual([]);
    expect(await storedItemKeys(`WS#${ownWorkspace}`, `PROJECT#${doomed.id}`)).toEqual([]);
    const { projects } = listProjectsResponse.parse((await api.call('GET', `/workspaces/${ownWorkspace}/projects`)).body);
    expect(projects.map((project) => project.id)).toEqual([neighbour.id]);
    expect((await api.getProjectWithItems(ownWorkspace, neighbour.id)).tasks.map((task) => task.id)).toEqual([kept.id]);
    const lateTask = await api.call('POST', `/workspaces/${ownWorkspace}/projects/${doomed.id}/tasks`, { title: 'Too late' });
    expect(lateTask).toEqual({ status: 404, body: { error: 'Project not found' } });
    expect((await api.call('DELETE', `/workspaces/${ownWorkspace}/projects/${doomed.id}`)).status).toBe(404);
  });

  it('lets a member delete only the projects they created; owners and admins delete any', async () => {
    const [member, admin] = [await newAccount(), await newAccount()];
    const team = await api.createWorkspace('Who deletes');
    await addMember(alice, team, member);
    await addMember(alice, team, admin, 'admin');
    const asMember = projectApi(config, member);
    const [ownersProject, membersProject, another] = [
      await api.createProject(team, { name: 'The owner’s' }),
      await asMember.createProject(team, { name: 'The member’s' }),
      await api.createProject(team, { name: 'Another' }),
    ];
    const remove = (who: TestUser, projectId: string) => callApi(config, 'DELETE', `/workspaces/${team}/projects/${projectId}`, { token: who.idToken });

    expect(await remove(member, ownersProject.id)).toEqual({ status: 403, body: { error: 'Only the person who created this project, an owner or an admin can delete it' } });
    expect((await api.call('GET', `/workspaces/${team}/projects/${ownersProject.id}`)).status).toBe(200);
    expect((await remove(member, membersProject.id)).status).toBe(204);
    expect((await remove(admin, ownersProject.id)).status).toBe(204);
    expect((await remove(alice, another.id)).status).toBe(204);
    // An unknown project is still a 404 for a member, not a 403.
    expect((await remove(member, another.id)).status).toBe(404);
  });
});
