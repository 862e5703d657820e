import { describe, expect, it } from 'vitest';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { commentPage } from '../../shared/schemas/comment.js';
import { linkResponse } from '../../shared/schemas/link.js';
import { searchResponse } from '../../shared/schemas/search.js';
import { taskPage } from '../../shared/schemas/task-index.js';
import { restoredTrashEntry, trashPage, type TrashEntryView } from '../../shared/schemas/trash.js';
import { callApi, type TestUser } from './helpers.js';
import { config, createTeam, newAccount, queryTable, subscribe } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/** The Trash (issue 37) through the local HTTP API: what a delete keeps, who sees and restores it, purges. */

async function trashTeam() {
  const team = await createTeam();
  const api = projectApi(config, team.owner);
  const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
  const trashPath = `/workspaces/${team.workspaceId}/trash`;
  const list = async (user: TestUser, query = ''): Promise<TrashEntryView[]> => {
    const response = await callApi(config, 'GET', `${trashPath}${query}`, { token: user.idToken });
    expect(response.status).toBe(200);
    return trashPage.parse(response.body).entries;
  };
  const restore = (user: TestUser, entryId: string, body: object = {}) => callApi(config, 'POST', `${trashPath}/${entryId}/restore`, { token: user.idToken, body });
  const items = (projectId = project.id) => api.getProjectWithItems(team.workspaceId, projectId);
  const comments = async (taskId: string) =>
    queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :task)', ExpressionAttributeValues: { ':pk': `COMMENT#${team.workspaceId}`, ':task': `${taskId}#` } });
  return { ...team, api, project, trashPath, list, restore, items, comments };
}

type TrashTeam = Awaited<ReturnType<typeof trashTeam>>;

/** A task with a sub-task and a comment, made by the member (whose deletion the trash keeps for them). */
async function taskWithSubtaskAndComment(t: TrashTeam, title: string) {
  const member = projectApi(config, t.member);
  const task = await member.createTask(t.workspaceId, t.project.id, { title });
  const sub = await member.createTask(t.workspaceId, t.project.id, { title: `${title} sub`, parentId: task.id, status: 'completed' });
  const commented = await callApi(config, 'POST', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}/comments`, { token: t.member.idToken, body: { body: 'Keep me' } });
  expect(commented.status).toBe(201);
  return { member, task, sub };
}

const searchTitles = async (t: TrashTeam, q: string) =>
  searchResponse.parse((await t.api.call('GET', `/workspaces/${t.workspaceId}/search?q=${encodeURIComponent(q)}`)).body).results.map((result) => result.title);

describe('the Trash through the local HTTP API', () => {
  it('keeps a deleted task with its sub-tasks out of the project, counts, index and search, and Restore brings it back with its comments, once', async () => {
    const t = await trashTeam();
    const { member, task, sub } = await taskWithSubtaskAndComment(t, 'Quokka launch');
    await expect.poll(() => searchTitles(t, 'quokka'), { timeout: 15_000 }).toHaveLength(2);
    const before = await t.items();
    expect(before).toMatchObject({ taskCount: 2, completedTaskCount: 1 });

    expect((await member.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}`)).status).toBe(204);
    expect(await t.items()).toMatchObject({ tasks: [], taskCount: 0, completedTaskCount: 0 });
    const index = taskPage.parse((await member.call('GET', `/workspaces/${t.workspaceId}/tasks?by=activity`)).body);
    expect(index.tasks.map((indexed) => indexed.id)).not.toContain(task.id);
    await expect.poll(() => searchTitles(t, 'quokka'), { timeout: 15_000 }).toEqual([]);
    // The comment waits with the task; the comment routes see no task.
    expect(await t.comments(task.id)).toHaveLength(1);
    expect((await member.call('GET', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}/comments`)).status).toBe(404);

    const [entry] = await t.list(t.member);
    expect(entry).toMatchObject({ kind: 'task', itemId: task.id, title: 'Quokka launch', projectId: t.project.id, projectName: 'Apollo', itemCount: 2, deletedBy: t.member.userId });
    const days = (Date.parse(entry?.expiresAt ?? '') - Date.parse(entry?.deletedAt ?? '')) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const restored = await t.restore(t.member, entry?.id ?? '');
    expect(restored.status).toBe(200);
    expect(restoredTrashEntry.parse(restored.body)).toEqual({ kind: 'task', itemId: task.id, projectId: t.project.id, itemCount: 2 });
    const after = await t.items();
    expect(after).toMatchObject({ taskCount: 2, completedTaskCount: 1 });
    expect(after.tasks.map(({ id }) => id).sort()).toEqual([task.id, sub.id].sort());
    expect(after.tasks.find(({ id }) => id === task.id)?.commentCount).toBe(1);
    const page = commentPage.parse((await member.call('GET', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}/comments`)).body);
    expect(page.comments.map(({ body }) => body)).toEqual(['Keep me']);
    await expect.poll(() => searchTitles(t, 'quokka'), { timeout: 15_000 }).toHaveLength(2);

    // Restoring twice: the entry is gone (404), and nothing is written twice.
    expect(await t.restore(t.member, entry?.id ?? '')).toMatchObject({ status: 404 });
    expect(await t.list(t.owner)).toEqual([]);
    expect(await t.items()).toMatchObject({ taskCount: 2, completedTaskCount: 1 });
  });

  it('shows owners and admins every entry and members their own; only owners and admins delete forever', async () => {
    const t = await trashTeam();
    const { member, task } = await taskWithSubtaskAndComment(t, 'Member task');
    const note = await t.api.createNote(t.workspaceId, t.project.id, { title: 'Owner note', content: 'x' });
    expect((await member.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}`)).status).toBe(204);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}/notes/${note.id}`)).status).toBe(204);
    expect((await t.items()).noteCount).toBe(0);

    const everything = await t.list(t.admin);
    expect(everything.map(({ title }) => title)).toEqual(['Owner note', 'Member task']);
    expect((await t.list(t.member)).map(({ title }) => title)).toEqual(['Member task']);
    // A member's page reads past the others' entries: the newest is the owner's, the page of one still holds theirs.
    expect((await t.list(t.member, '?limit=1')).map(({ title }) => title)).toEqual(['Member task']);
    const noteEntry = everything[0]?.id ?? '';
    const taskEntry = everything[1]?.id ?? '';
    // Someone else's entry is not there for a member; an outsider learns nothing.
    expect(await t.restore(t.member, noteEntry)).toMatchObject({ status: 404 });
    const outsider = await newAccount();
    expect(await t.restore(outsider, noteEntry)).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    expect((await callApi(config, 'DELETE', `${t.trashPath}/${taskEntry}`, { token: t.member.idToken })).status).toBe(403);
    expect((await callApi(config, 'DELETE', t.trashPath, { token: t.member.idToken })).status).toBe(403);
    expect(await t.list(t.admin)).toHaveLength(2);

    // An owner or admin restores anyone's entry.
    expect((await t.restore(t.admin, noteEntry)).status).toBe(200);
    expect((await t.items()).notes.map(({ id }) => id)).toEqual([note.id]);
    expect((await t.items()).noteCount).toBe(1);

    // Delete forever: the entry goes, and its task's comments go from the stream.
    expect(await t.comments(task.id)).toHaveLength(1);
    expect((await callApi(config, 'DELETE', `${t.trashPath}/${taskEntry}`, { token: t.admin.idToken })).status).toBe(204);
    expect(await t.list(t.owner)).toEqual([]);
    expect(await t.restore(t.member, taskEntry)).toMatchObject({ status: 404 });
    expect((await callApi(config, 'DELETE', `${t.trashPath}/${taskEntry}`, { token: t.admin.idToken })).status).toBe(404);
    await expect.poll(() => t.comments(task.id), { timeout: 15_000 }).toEqual([]);
  });

  it('refuses a Restore into a deleted project with 409 naming it, and restores into another project when asked', async () => {
    const t = await trashTeam();
    const doomed = await t.api.createProject(t.workspaceId, { name: 'Doomed' });
    const task = await t.api.createTask(t.workspaceId, doomed.id, { title: 'Orphan' });
    const sub = await t.api.createTask(t.workspaceId, doomed.id, { title: 'Orphan sub', parentId: task.id });
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${doomed.id}/tasks/${task.id}`)).status).toBe(204);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${doomed.id}`)).status).toBe(204);
    // The project has an entry of its own; the task's waits apart from it.
    const entry = (await t.list(t.owner)).find(({ kind }) => kind === 'task');
    const id = entry?.id ?? '';

    const refused = await t.restore(t.owner, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'The project "Doomed" was deleted: restore it into another project' });
    expect(await t.restore(t.owner, id, { projectId: 'no-such-project' })).toMatchObject({ status: 400, body: { fields: [{ field: 'projectId' }] } });
    expect(await t.list(t.owner)).toHaveLength(2);

    const moved = await t.restore(t.owner, id, { projectId: t.project.id });
    expect(moved.status).toBe(200);
    const there = await t.items();
    expect(there.taskCount).toBe(2);
    expect(there.tasks.find(({ id: taskId }) => taskId === task.id)?.parentId).toBeUndefined();
    expect(there.tasks.find(({ id: taskId }) => taskId === sub.id)?.parentId).toBe(task.id);
  });

  it('keeps a deleted link, restores it, and empties the trash for good', async () => {
    const t = await trashTeam();
    const created = await t.api.call('POST', `/workspaces/${t.workspaceId}/links`, { url: 'example.com/wombat', category: 'Others', title: 'Wombat docs' });
    const { link } = linkResponse.parse(created.body);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/links/${link.id}`)).status).toBe(204);
    const [entry] = await t.list(t.owner);
    expect(entry).toMatchObject({ kind: 'link', itemId: link.id, title: 'Wombat docs', projectId: null });
    expect(await t.restore(t.owner, entry?.id ?? '', { projectId: t.project.id })).toMatchObject({ status: 400, body: { fields: [{ field: 'projectId' }] } });
    expect((await t.restore(t.owner, entry?.id ?? '')).status).toBe(200);
    const listed = await t.api.call('GET', `/workspaces/${t.workspaceId}/links`);
    expect(JSON.stringify(listed.body)).toContain(link.id);

    const { task } = await taskWithSubtaskAndComment(t, 'Emptied');
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/links/${link.id}`)).status).toBe(204);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${task.id}`)).status).toBe(204);
    expect(await t.list(t.owner)).toHaveLength(2);
    // Pages, newest first, with a cursor; a cursor made elsewhere is refused.
    const first = trashPage.parse((await t.api.call('GET', `${t.trashPath}?limit=1`)).body);
    expect(first.entries.map(({ title }) => title)).toEqual(['Emptied']);
    const second = trashPage.parse((await t.api.call('GET', `${t.trashPath}?limit=1&cursor=${first.nextCursor ?? ''}`)).body);
    expect(second.entries.map(({ title }) => title)).toEqual(['Wombat docs']);
    expect((await t.api.call('GET', `${t.trashPath}?cursor=not-a-cursor`)).status).toBe(400);

    expect((await t.api.call('DELETE', t.trashPath)).status).toBe(204);
    expect(await t.list(t.owner)).toEqual([]);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `TRASH#${t.workspaceId}` } })).toEqual([]);
    await expect.poll(() => t.comments(task.id), { timeout: 15_000 }).toEqual([]);
    expect((await t.items()).taskCount).toBe(0);
  });

  it('pushes a trash entry to the workspace, named only, when it comes and when it goes', async () => {
    const t = await trashTeam();
    const socket = await subscribe(t.admin.idToken, t.workspaceId);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
    try {
      const note = await t.api.createNote(t.workspaceId, t.project.id, { title: 'Pushed note', content: 'secret words' });
      expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}/notes/${note.id}`)).status).toBe(204);
      const trashChanges = () => messages.flatMap((message) => (message.type === 'workspace.changed' ? message.changes.filter((change) => change.entity === 'trash') : []));
      await expect.poll(() => trashChanges().length, { timeout: 15_000 }).toBe(1);
      const [entry] = await t.list(t.owner);
      expect(trashChanges()[0]).toEqual({ entity: 'trash', id: entry?.id, projectId: t.project.id });
      expect(JSON.stringify(trashChanges())).not.toContain('secret words');
      expect((await t.restore(t.owner, entry?.id ?? '')).status).toBe(200);
      await expect.poll(() => trashChanges().at(-1), { timeout: 15_000 }).toEqual({ entity: 'trash', id: entry?.id, projectId: t.project.id, deleted: true });
    } finally {
      socket.close();
    }
  });
});
