import { beforeAll, describe, expect, inject, it } from 'vitest';
import { taskResponse, type TaskView } from '../../shared/schemas/project.js';
import { signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

describe('tasks through the local HTTP API', () => {
  let alice: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;

  const tasksPath = () => `/workspaces/${workspaceId}/projects/${projectId}/tasks`;

  async function patchTask(task: TaskView, body: object): Promise<TaskView> {
    const response = await api.call('PATCH', `${tasksPath()}/${task.id}`, body);
    expect(response.status).toBe(200);
    return taskResponse.parse(response.body).task;
  }

  async function storedTask(taskId: string): Promise<TaskView | undefined> {
    return (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.id === taskId);
  }

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace();
    projectId = (await api.createProject(workspaceId)).id;
  });

  it('creates an open To Do task of medium priority by the caller, at the end of its column', async () => {
    const ownProject = (await api.createProject(workspaceId)).id;
    const first = await api.createTask(workspaceId, ownProject, { title: '  Draft  ' });
    expect(first).toMatchObject({
      projectId: ownProject,
      title: 'Draft',
      description: '',
      status: 'todo',
      completed: false,
      completedAt: null,
      priority: 'medium',
      dueDate: null,
      timeEstimate: null,
      assignedTo: null,
      createdBy: userIdOf(alice),
      position: 1024,
      version: 1,
    });
    expect((await api.createTask(workspaceId, ownProject, { title: 'Second' })).position).toBe(2048);
    expect((await api.createTask(workspaceId, ownProject, { title: 'Other column', status: 'in_progress' })).position).toBe(1024);
    expect((await api.createTask(workspaceId, ownProject, { title: 'Placed', position: 99.5 })).position).toBe(99.5);
    expect((await api.createTask(workspaceId, ownProject, { title: 'After placed' })).position).toBe(3072);
  });

  it('creates a task straight into Completed as completed, with a timestamp', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Done already', status: 'completed' });
    expect(task).toMatchObject({ status: 'completed', completed: true });
    expect(Date.parse(task.completedAt ?? '')).not.toBeNaN();
  });

  it('keeps every field sent on create', async () => {
    const task = await api.createTask(workspaceId, projectId, {
      title: 'Full',
      description: 'All of it',
      priority: 'high',
      dueDate: '2026-12-31',
      timeEstimate: 90,
      assignedTo: userIdOf(alice),
    });
    expect(task).toMatchObject({ description: 'All of it', priority: 'high', dueDate: '2026-12-31', timeEstimate: 90, assignedTo: userIdOf(alice) });
  });

  it.each([
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: 'T', timeEstimate: 20 }, 'timeEstimate', 'Time estimate must be in steps of 15 minutes'],
    [{ title: 'T', timeEstimate: -15 }, 'timeEstimate', 'Time estimate must be 0 or more'],
    [{ title: 'T', timeEstimate: 15.5 }, 'timeEstimate', 'Time estimate must be a whole number of minutes'],
    [{ title: 'T', dueDate: '2026-02-30' }, 'dueDate', 'Must be a date in the form YYYY-MM-DD'],
    [{ title: 'T', status: 'done' }, 'status', undefined],
    [{ title: 'T', priority: 'urgent' }, 'priority', undefined],
    [{ title: 'T', assignedTo: 'someone-else' }, 'assignedTo', 'Assignee must be a member of this workspace'],
  ])('refuses the create body %j with 400 naming %s', async (body, field, message) => {
    const before = (await api.getProjectWithItems(workspaceId, projectId)).tasks.length;
    const response = await api.call('POST', tasksPath(), body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: [message === undefined ? { field } : { field, message }] });
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks).toHaveLength(before);
  });

  it('refuses a bad update or move body with 400 naming the field, and changes nothing', async () => {
    const task = await api.createTask(workspaceId, projectId);
    const update = await api.call('PATCH', `${tasksPath()}/${task.id}`, { version: 1, timeEstimate: 20 });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ fields: [{ field: 'timeEstimate' }] });
    const move = await api.call('POST', `${tasksPath()}/${task.id}/move`, { version: 1, status: 'archived', position: 1 });
    expect(move.body).toMatchObject({ fields: [{ field: 'status', message: 'status must be todo, in_progress or completed' }] });
    const noPosition = await api.call('POST', `${tasksPath()}/${task.id}/move`, { version: 1, status: 'todo' });
    expect(noPosition.body).toMatchObject({ fields: [{ field: 'position' }] });
    expect(await storedTask(task.id)).toEqual(task);
  });

  it('follows the completion rules on update: the completed flag is the truth', async () => {
    let task = await api.createTask(workspaceId, projectId, { title: 'Rules', status: 'in_progress' });

    task = await patchTask(task, { version: 1, completed: true });
    expect(task).toMatchObject({ status: 'completed', completed: true, version: 2 });
    const completedAt = task.completedAt;
    expect(completedAt).not.toBeNull();

    task = await patchTask(task, { version: 2, title: 'Renamed', completed: true, status: 'completed' });
    expect(task).toMatchObject({ title: 'Renamed', completed: true, completedAt });

    task = await patchTask(task, { version: 3, completed: false });
    expect(task).toMatchObject({ status: 'todo', completed: false, completedAt: null });

    task = await patchTask(task, { version: 4, status: 'completed' });
    expect(task).toMatchObject({ status: 'completed', completed: true });

    task = await patchTask(task, { version: 5, status: 'in_progress' });
    expect(task).toMatchObject({ status: 'in_progress', completed: false, completedAt: null });

    task = await patchTask(task, { version: 6, completed: true, status: 'todo' });
    expect(task).toMatchObject({ status: 'completed', completed: true });

    task = await patchTask(task, { version: 7, completed: false, status: 'in_progress' });
    expect(task).toMatchObject({ status: 'in_progress', completed: false, completedAt: null, version: 8 });
    expect(await storedTask(task.id)).toEqual(task);
  });

  it('clears the estimate, due date and assignee with null', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Clear', timeEstimate: 30, dueDate: '2026-12-01', assignedTo: userIdOf(alice) });
    const cleared = await patchTask(task, { version: 1, timeEstimate: null, dueDate: null, assignedTo: null });
    expect(cleared).toMatchObject({ timeEstimate: null, dueDate: null, assignedTo: null, title: 'Clear' });
  });

  it('moves a card: status and position in one write, completing in Completed and reopening elsewhere', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Card' });
    const movePath = `${tasksPath()}/${task.id}/move`;

    const toCompleted = await api.call('POST', movePath, { version: 1, status: 'completed', position: 512.5 });
    expect(toCompleted.status).toBe(200);
    const done = taskResponse.parse(toCompleted.body).task;
    expect(done).toMatchObject({ status: 'completed', completed: true, position: 512.5, version: 2, title: 'Card' });
    expect(done.completedAt).not.toBeNull();

    const back = taskResponse.parse((await api.call('POST', movePath, { version: 2, status: 'todo', position: -1024 })).body).task;
    expect(back).toMatchObject({ status: 'todo', completed: false, completedAt: null, position: -1024, version: 3 });
    expect(await storedTask(task.id)).toEqual(back);
  });

  it('refuses a stale version with 409 on update and move, and changes nothing', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Contended' });
    const current = await patchTask(task, { version: 1, description: 'First writer' });

    const staleUpdate = await api.call('PATCH', `${tasksPath()}/${task.id}`, { version: 1, completed: true });
    expect(staleUpdate.status).toBe(409);
    const staleMove = await api.call('POST', `${tasksPath()}/${task.id}/move`, { version: 1, status: 'in_progress', position: 1 });
    expect(staleMove.status).toBe(409);
    expect(await storedTask(task.id)).toEqual(current);
  });

  it('deletes a task with 204, then answers 404 for it', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Short-lived' });
    expect(await api.call('DELETE', `${tasksPath()}/${task.id}`)).toEqual({ status: 204, body: undefined });
    expect(await storedTask(task.id)).toBeUndefined();
    expect(await api.call('DELETE', `${tasksPath()}/${task.id}`)).toEqual({ status: 404, body: { error: 'Task not found' } });
    expect((await api.call('PATCH', `${tasksPath()}/${task.id}`, { version: 1, title: 'Ghost' })).status).toBe(404);
    expect((await api.call('POST', `${tasksPath()}/${task.id}/move`, { version: 1, status: 'todo', position: 1 })).status).toBe(404);
  });

  it('refuses a task for a project the workspace does not have with 404', async () => {
    const response = await api.call('POST', `/workspaces/${workspaceId}/projects/no-such-project/tasks`, { title: 'Orphan' });
    expect(response).toEqual({ status: 404, body: { error: 'Project not found' } });
  });

  it('does not reach a task through another project of the same workspace', async () => {
    const other = await api.createProject(workspaceId, { name: 'Other' });
    const task = await api.createTask(workspaceId, projectId, { title: 'Mine' });
    const wrongPath = `/workspaces/${workspaceId}/projects/${other.id}/tasks/${task.id}`;
    expect((await api.call('PATCH', wrongPath, { version: 1, title: 'Hijacked' })).status).toBe(404);
    expect((await api.call('DELETE', wrongPath)).status).toBe(404);
    expect(await storedTask(task.id)).toEqual(task);
  });
});
