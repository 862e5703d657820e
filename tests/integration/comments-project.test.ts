import { describe, expect, it } from 'vitest';
import { mentionToken } from '../../shared/rules/mentions.js';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { commentResponse, COMMENT_MAX_LENGTH } from '../../shared/schemas/comment.js';
import { inboxPage } from '../../shared/schemas/inbox.js';
import { trashPage } from '../../shared/schemas/trash.js';
import { callApi } from './helpers.js';
import { config, queryTable, subscribe } from './member-fixtures.js';
import { teamWithProject } from './comment-subjects.js';

/** Comments on a project itself (issue 37) through the local HTTP API: the task comments' rules without a task (who may do what: comments.test.ts, for both). */

const storedComments = (workspaceId: string) => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `COMMENT#${workspaceId}` } });

describe('comments on a project through the local HTTP API', () => {
  it('lists them oldest first by pages, counts them on the project, marks an edit, and keeps them apart from its tasks’ comments', async () => {
    const t = await teamWithProject();
    const first = await t.post(t.owner, 'Kick-off **notes**');
    const second = await t.post(t.member, 'Second');
    expect(first).not.toHaveProperty('taskId');
    const task = await t.api.createTask(t.workspaceId, t.project.id, { title: 'Ship' });
    await callApi(config, 'POST', `${t.projectPath}/tasks/${task.id}/comments`, { token: t.owner.idToken, body: { body: 'On the task' } });

    expect((await t.list(t.admin)).comments.map((comment) => comment.body)).toEqual(['Kick-off **notes**', 'Second']);
    const page = await t.list(t.member, '?limit=1');
    expect(page.comments.map((comment) => comment.id)).toEqual([second.id]);
    expect((await t.list(t.member, `?limit=1&cursor=${page.nextCursor ?? ''}`)).comments.map((comment) => comment.id)).toEqual([first.id]);
    const project = await t.projectNow();
    expect(project.commentCount).toBe(2);
    // A comment is no edit of the project: its version stays.
    expect(project.version).toBe(t.project.version);

    const edited = await callApi(config, 'PATCH', `${t.comments}/${second.id}`, { token: t.member.idToken, body: { body: 'Second, edited' } });
    expect(commentResponse.parse(edited.body).comment).toMatchObject({ body: 'Second, edited', edited: true, createdAt: second.createdAt });
  });

  it('refuses an empty or over-long comment, a bad cursor, another workspace’s project and a task’s comment id, writing nothing', async () => {
    const t = await teamWithProject();
    for (const body of ['', '   ', 'x'.repeat(COMMENT_MAX_LENGTH + 1), 'Bell\u0007']) {
      expect(await callApi(config, 'POST', t.comments, { token: t.owner.idToken, body: { body } })).toMatchObject({ status: 400, body: { fields: [{ field: 'body' }] } });
    }
    const foreign = Buffer.from(JSON.stringify({ PK: 'COMMENT#other', SK: `P#${t.project.id}#x` })).toString('base64url');
    expect(await callApi(config, 'GET', `${t.comments}?cursor=${foreign}`, { token: t.owner.idToken })).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
    const other = await teamWithProject();
    const elsewhere = `/workspaces/${t.workspaceId}/projects/${other.project.id}/comments`;
    expect(await callApi(config, 'POST', elsewhere, { token: t.owner.idToken, body: { body: 'Lost' } })).toMatchObject({ status: 404, body: { error: 'Project not found' } });
    expect(await callApi(config, 'GET', elsewhere, { token: t.owner.idToken })).toMatchObject({ status: 404, body: { error: 'Project not found' } });
    // A task's comment is not the project's.
    const task = await t.api.createTask(t.workspaceId, t.project.id, { title: 'Ship' });
    const onTask = commentResponse.parse((await callApi(config, 'POST', `${t.projectPath}/tasks/${task.id}/comments`, { token: t.owner.idToken, body: { body: 'Task' } })).body).comment;
    expect(await callApi(config, 'DELETE', `${t.comments}/${onTask.id}`, { token: t.owner.idToken })).toMatchObject({ status: 404, body: { error: 'Comment not found' } });
    expect((await t.projectNow()).commentCount).toBe(0);
    expect((await storedComments(t.workspaceId)).map((item) => item.body)).toEqual(['Task']);
  });

  it('keeps a project’s own comments while it is in the Trash, back with a Restore, and deletes them with its entry for good', async () => {
    const t = await teamWithProject();
    await t.post(t.member, 'Goes with the project');
    const kept = await t.api.createProject(t.workspaceId, { name: 'Zeus' });
    await callApi(config, 'POST', `/workspaces/${t.workspaceId}/projects/${kept.id}/comments`, { token: t.owner.idToken, body: { body: 'Stays' } });
    const trashPath = `/workspaces/${t.workspaceId}/trash`;
    const entryOf = async () => trashPage.parse((await t.api.call('GET', trashPath)).body).entries.find((entry) => entry.itemId === t.project.id);
    const bodies = async () => (await storedComments(t.workspaceId)).map((item) => item.body).sort();

    expect((await t.api.call('DELETE', t.projectPath)).status).toBe(204);
    expect(await bodies()).toEqual(['Goes with the project', 'Stays']);
    expect((await callApi(config, 'POST', t.comments, { token: t.owner.idToken, body: { body: 'Too late' } })).status).toBe(404);

    const restored = await t.api.call('POST', `${trashPath}/${(await entryOf())?.id ?? ''}/restore`, {});
    expect(restored.status).toBe(200);
    expect((await t.list(t.owner)).comments.map((comment) => comment.body)).toEqual(['Goes with the project']);
    expect((await t.projectNow()).commentCount).toBe(1);

    expect((await t.api.call('DELETE', t.projectPath)).status).toBe(204);
    expect((await t.api.call('DELETE', `${trashPath}/${(await entryOf())?.id ?? ''}`)).status).toBe(204);
    await expect.poll(bodies, { timeout: 15_000 }).toEqual(['Stays']);
  });

  it('pushes a comment and the project’s new count to another member, and tells the mentioned member in the inbox', async () => {
    const t = await teamWithProject();
    const socket = await subscribe(t.member.idToken, t.workspaceId);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
    try {
      const comment = await t.post(t.owner, `Plan for ${mentionToken(t.member.userId)}`);
      const changes = () => messages.flatMap((message) => (message.type === 'workspace.changed' ? message.changes : []));
      await expect.poll(() => changes().find((change) => change.entity === 'comment'), { timeout: 15_000 }).toEqual({ entity: 'comment', id: comment.id, projectId: t.project.id });
      await expect
        .poll(() => changes().flatMap((change) => (change.entity === 'project' && change.id === t.project.id && change.counts ? [change.counts.commentCount] : [])).at(-1), { timeout: 15_000 })
        .toBe(1);
    } finally {
      socket.close();
    }
    const mentions = async () => inboxPage.parse((await callApi(config, 'GET', '/inbox', { token: t.member.idToken })).body).notices.filter((notice) => notice.kind === 'mentioned');
    await expect.poll(async () => (await mentions()).length, { timeout: 15_000 }).toBe(1);
    expect((await mentions())[0]).toMatchObject({ projectId: t.project.id, taskId: null, actorId: t.owner.userId, text: 'Apollo' });
  });
});
