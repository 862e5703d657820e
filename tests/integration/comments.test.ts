import { describe, expect, it } from 'vitest';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { commentResponse, COMMENT_MAX_LENGTH, type CommentView } from '../../shared/schemas/comment.js';
import { taskResponse } from '../../shared/schemas/project.js';
import { callApi, type TestUser } from './helpers.js';
import { config, newAccount, queryTable, subscribe } from './member-fixtures.js';
import { teamWithProject, teamWithTask } from './comment-subjects.js';

/** Comments on tasks (issue 37) through the local HTTP API: who may do what (on a project too), counts, mentions, cleanup. */

const storedComments = (workspaceId: string) => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `COMMENT#${workspaceId}` } });

describe('comments on tasks through the local HTTP API', () => {
  it('lists a conversation oldest first, newest page first then earlier ones, counts it on the task, and marks an edit', async () => {
    const t = await teamWithTask();
    const first = await t.post(t.owner, 'First **point**');
    const second = await t.post(t.member, 'Second');
    const third = await t.post(t.admin, 'Third');
    expect((await t.list(t.member)).comments.map((comment) => comment.body)).toEqual(['First **point**', 'Second', 'Third']);
    // The newest page first (newest last in it), the cursor reading the earlier ones.
    const page = await t.list(t.member, '?limit=2');
    expect(page.comments.map((comment) => comment.id)).toEqual([second.id, third.id]);
    const earlier = await t.list(t.member, `?limit=2&cursor=${page.nextCursor ?? ''}`);
    expect(earlier.comments.map((comment) => comment.id)).toEqual([first.id]);
    expect(earlier.nextCursor).toBeNull();
    const task = await t.taskNow();
    expect(task?.commentCount).toBe(3);
    // Each comment gives the task a new version (its count is part of the task).
    expect(task?.version).toBe(t.task.version + 3);

    const edited = await callApi(config, 'PATCH', `${t.comments}/${second.id}`, { token: t.member.idToken, body: { body: 'Second, edited' } });
    expect(edited.status).toBe(200);
    expect(commentResponse.parse(edited.body).comment).toMatchObject({ body: 'Second, edited', edited: true, createdAt: second.createdAt });
    expect((await t.list(t.owner)).comments.find((comment) => comment.id === second.id)).toMatchObject({ body: 'Second, edited', edited: true });
  });

  it.each([
    ['a task', teamWithTask],
    ['a project', teamWithProject],
  ])('on %s, lets only the author edit, and the author, an owner or an admin delete; an outsider learns nothing', async (_subject, teamWithSubject) => {
    const t = await teamWithSubject();
    const outsider = await newAccount();
    const owners = await t.post(t.owner, "The owner's");
    const members = await t.post(t.member, "The member's");
    const patch = (user: TestUser, comment: CommentView) => callApi(config, 'PATCH', `${t.comments}/${comment.id}`, { token: user.idToken, body: { body: 'Taken over' } });
    const remove = (user: TestUser, comment: CommentView) => callApi(config, 'DELETE', `${t.comments}/${comment.id}`, { token: user.idToken });

    expect((await patch(t.member, owners)).status).toBe(403);
    expect((await patch(t.owner, members)).status).toBe(403);
    expect((await remove(t.member, owners)).status).toBe(403);
    expect(await callApi(config, 'GET', t.comments, { token: outsider.idToken })).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    expect(await patch(outsider, members)).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    expect(await remove(outsider, members)).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    expect(await callApi(config, 'POST', t.comments, { token: outsider.idToken, body: { body: 'Hi' } })).toMatchObject({ status: 404 });
    expect((await t.list(t.owner)).comments.map((comment) => comment.body)).toEqual(["The owner's", "The member's"]);

    expect((await remove(t.admin, members)).status).toBe(204);
    expect((await remove(t.owner, owners)).status).toBe(204);
    expect((await remove(t.owner, owners)).status).toBe(404);
    expect((await t.list(t.member)).comments).toEqual([]);
    expect(await t.commentCountNow()).toBe(0);
  });

  it('keeps mentions of members by id and stores a mention of anyone else as plain text', async () => {
    const t = await teamWithTask();
    const outsider = await newAccount();
    const comment = await t.post(t.owner, `Over to @[${t.member.userId}] and @[${outsider.userId}], cc @[${t.member.userId}]`);
    expect(comment.body).toBe(`Over to @[${t.member.userId}] and @${outsider.userId}, cc @[${t.member.userId}]`);
    expect(comment.mentions).toEqual([t.member.userId]);

    // The same in a task's description, made and edited.
    const made = await t.api.createTask(t.workspaceId, t.project.id, { title: 'Brief', description: `For @[${t.admin.userId}] not @[${outsider.userId}]` });
    expect(made.description).toBe(`For @[${t.admin.userId}] not @${outsider.userId}`);
    const edited = await t.api.call('PATCH', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${made.id}`, { version: made.version, description: `@[${outsider.userId}] @[${t.owner.userId}]` });
    expect(taskResponse.parse(edited.body).task.description).toBe(`@${outsider.userId} @[${t.owner.userId}]`);
  });

  it('refuses an empty or over-long comment, a bad cursor and a task of another project, writing nothing', async () => {
    const t = await teamWithTask();
    for (const body of ['', '   ', 'x'.repeat(COMMENT_MAX_LENGTH + 1), 'Bell\u0007']) {
      const response = await callApi(config, 'POST', t.comments, { token: t.owner.idToken, body: { body } });
      expect(response).toMatchObject({ status: 400, body: { fields: [{ field: 'body' }] } });
    }
    expect((await callApi(config, 'POST', t.comments, { token: t.owner.idToken, body: { body: 'x'.repeat(COMMENT_MAX_LENGTH) } })).status).toBe(201);
    const other = await t.api.createProject(t.workspaceId, { name: 'Zeus' });
    const elsewhere = `/workspaces/${t.workspaceId}/projects/${other.id}/tasks/${t.task.id}/comments`;
    expect(await callApi(config, 'POST', elsewhere, { token: t.owner.idToken, body: { body: 'Lost' } })).toMatchObject({ status: 404, body: { error: 'Task not found' } });
    expect((await callApi(config, 'GET', elsewhere, { token: t.owner.idToken })).status).toBe(404);
    const foreign = Buffer.from(JSON.stringify({ PK: 'COMMENT#other', SK: `${t.task.id}#x` })).toString('base64url');
    expect(await callApi(config, 'GET', `${t.comments}?cursor=${foreign}`, { token: t.owner.idToken })).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
    expect((await t.list(t.owner)).comments).toHaveLength(1);
    expect((await t.taskNow())?.commentCount).toBe(1);
  });

  it("keeps a deleted task's and project's comments in the Trash until it is emptied, and deletes a workspace's with it", async () => {
    const t = await teamWithTask();
    await t.post(t.member, 'On the task');
    const kept = await t.api.createTask(t.workspaceId, t.project.id, { title: 'Kept' });
    await callApi(config, 'POST', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${kept.id}/comments`, { token: t.owner.idToken, body: { body: 'Stays' } });
    expect(await storedComments(t.workspaceId)).toHaveLength(2);
    expect((await t.api.call('DELETE', t.base)).status).toBe(204);
    expect((await storedComments(t.workspaceId)).map((item) => item.body).sort()).toEqual(['On the task', 'Stays']);
    expect((await callApi(config, 'POST', t.comments, { token: t.owner.idToken, body: { body: 'Too late' } })).status).toBe(404);

    // The project goes to the Trash with its live task, whose comments wait too.
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/projects/${t.project.id}`)).status).toBe(204);
    expect((await storedComments(t.workspaceId)).map((item) => item.body).sort()).toEqual(['On the task', 'Stays']);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/trash`)).status).toBe(204);
    await expect.poll(() => storedComments(t.workspaceId), { timeout: 15_000 }).toEqual([]);

    const again = await teamWithTask();
    await again.post(again.owner, 'Goes with the workspace');
    expect((await again.api.call('DELETE', `/workspaces/${again.workspaceId}`)).status).toBe(204);
    expect(await storedComments(again.workspaceId)).toEqual([]);
  });

  it('keeps the comments through a bulk delete, whose Undo brings the task back with them and their count', async () => {
    const t = await teamWithTask();
    await t.post(t.member, 'Kept with it');
    const current = await t.taskNow();
    const deleted = await t.api.call('POST', `/workspaces/${t.workspaceId}/tasks/bulk/delete`, { tasks: [{ projectId: t.project.id, taskId: t.task.id, version: current?.version }] });
    expect(deleted.status).toBe(200);
    expect(await t.taskNow()).toBeUndefined();
    const undone = await t.api.call('POST', `/workspaces/${t.workspaceId}/tasks/bulk/delete/restore`, { undoId: (deleted.body as { undoId: string }).undoId });
    expect(undone.status).toBe(200);
    const restored = await t.taskNow();
    expect(restored?.id).toBe(t.task.id);
    expect(restored?.commentCount).toBe(1);
    expect((await t.list(t.member)).comments.map((comment) => comment.body)).toEqual(['Kept with it']);
  });

  it('pushes a comment to another member watching the workspace, with the task and its new count', async () => {
    const t = await teamWithTask();
    const socket = await subscribe(t.member.idToken, t.workspaceId);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
    try {
      const comment = await t.post(t.owner, 'Pushed');
      const changes = () => messages.flatMap((message) => (message.type === 'workspace.changed' ? message.changes : []));
      await expect.poll(() => changes().find((change) => change.entity === 'comment'), { timeout: 15_000 }).toMatchObject({ entity: 'comment', id: comment.id, taskId: t.task.id });
      await expect
        .poll(() => changes().flatMap((change) => (change.entity === 'task' && change.id === t.task.id ? [change.item] : [])).at(-1), { timeout: 15_000 })
        .toMatchObject({ id: t.task.id, commentCount: 1 });
    } finally {
      socket.close();
    }
  });

  it('keeps the count when the task is edited on the version after the comment, and refuses an edit on an older one', async () => {
    const t = await teamWithTask();
    await t.post(t.member, 'Before the edit');
    const stale = await t.api.call('PATCH', t.base, { version: t.task.version, title: 'Renamed' });
    expect(stale.status).toBe(409);
    const current = await t.taskNow();
    const edited = await t.api.call('PATCH', t.base, { version: current?.version, title: 'Renamed' });
    expect(edited.status).toBe(200);
    expect(taskResponse.parse(edited.body).task).toMatchObject({ title: 'Renamed', commentCount: 1 });
  });
});
