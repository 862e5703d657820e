import { describe, expect, it } from 'vitest';
import { mentionToken } from '../../shared/rules/mentions.js';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { commentResponse } from '../../shared/schemas/comment.js';
import { inboxNoticeResponse, inboxPage, inboxUnreadResponse, markAllReadResponse, type InboxNoticeView } from '../../shared/schemas/inbox.js';
import { callApi, openSocket, type TestUser } from './helpers.js';
import { addMember, config, createTeam, createWorkspace, newAccount, queryTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * The inbox (issue 37) through the local HTTP API: notices written from the table's stream by the activity
 * indexer (the local stack's stream poller runs it), each reader seeing and marking only their own.
 */
useTestTable();

const inbox = async (user: TestUser, query = '') => {
  const response = await callApi(config, 'GET', `/inbox${query}`, { token: user.idToken });
  expect(response.status).toBe(200);
  return inboxPage.parse(response.body);
};
const unread = async (user: TestUser) => inboxUnreadResponse.parse((await callApi(config, 'GET', '/inbox/unread-count', { token: user.idToken })).body).unread;
const line = (notice: InboxNoticeView) => `${notice.kind} by ${notice.actorName ?? '-'}: ${notice.text}${notice.read ? ' (read)' : ''}`;
const taskNotices = async (user: TestUser) => (await inbox(user)).notices.filter((notice) => notice.taskId !== null);
/** The reader's notices of tasks as lines, once the stream has written `count` of them (a poll or two away). */
const linesOnce = async (user: TestUser, count: number) => {
  await expect.poll(async () => (await taskNotices(user)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return (await taskNotices(user)).map(line);
};
/** Once the notices of being added to the team are there, marks them read: each test counts its own notices. */
const readAddedNotices = async (user: TestUser) => {
  await expect.poll(async () => (await inbox(user)).notices.some((notice) => notice.kind === 'added'), { timeout: 15_000 }).toBe(true);
  expect((await callApi(config, 'POST', '/inbox/read-all', { token: user.idToken })).status).toBe(200);
};
const named = async (user: TestUser, name: string) =>
  expect((await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { displayName: name } })).status).toBe(200);

async function teamWithTask() {
  const team = await createTeam();
  await Promise.all([named(team.owner, 'Olga Owner'), named(team.admin, 'Ada Admin'), named(team.member, 'Mia Member'), readAddedNotices(team.admin), readAddedNotices(team.member)]);
  const api = projectApi(config, team.owner);
  const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
  const task = await api.createTask(team.workspaceId, project.id, { title: 'Ship it' });
  const comments = `/workspaces/${team.workspaceId}/projects/${project.id}/tasks/${task.id}/comments`;
  const comment = async (user: TestUser, body: string) => {
    const response = await callApi(config, 'POST', comments, { token: user.idToken, body: { body } });
    expect(response.status).toBe(201);
    return commentResponse.parse(response.body).comment;
  };
  return { ...team, api, project, task, comments, comment };
}

describe('the inbox through the local HTTP API', () => {
  it('tells the mentioned member only, the assignee of a task, and the assignee and creator of a commented task but not the commenter', async () => {
    const t = await teamWithTask();
    // The owner made the task; the member is assigned to it by the owner.
    const assigned = await t.api.call('PATCH', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${t.task.id}`, { version: t.task.version, assignedTo: t.member.userId });
    expect(assigned.status).toBe(200);
    expect(await linesOnce(t.member, 1)).toEqual(['assigned by Olga Owner: Ship it']);

    // The admin mentions the member: the member is told once (as mentioned), the owner (the creator) as a comment.
    await t.comment(t.admin, `Over to you ${mentionToken(t.member.userId)}`);
    expect(await linesOnce(t.member, 2)).toEqual(['mentioned by Ada Admin: Ship it', 'assigned by Olga Owner: Ship it']);
    expect(await linesOnce(t.owner, 1)).toEqual(['commented by Ada Admin: Ship it']);
    // The commenter hears nothing of their own comment.
    expect(await taskNotices(t.admin)).toEqual([]);

    // The member answers, and edits the answer to mention the admin: the owner is told of the comment, the
    // admin of the mention, the member of neither.
    const answer = await t.comment(t.member, 'Done');
    const edited = await callApi(config, 'PATCH', `${t.comments}/${answer.id}`, { token: t.member.idToken, body: { body: `Done ${mentionToken(t.admin.userId)}` } });
    expect(edited.status).toBe(200);
    expect(await linesOnce(t.admin, 1)).toEqual(['mentioned by Mia Member: Ship it']);
    expect(await linesOnce(t.owner, 2)).toEqual(['commented by Mia Member: Ship it', 'commented by Ada Admin: Ship it']);
    expect(await unread(t.member)).toBe(2);
    const [newest] = await taskNotices(t.member);
    expect(newest).toMatchObject({ kind: 'mentioned', workspaceId: t.workspaceId, projectId: t.project.id, taskId: t.task.id, actorId: t.admin.userId, read: false });
  });

  it('tells someone added to a workspace who added them; once they leave, tells them nothing more and hides what it told', async () => {
    const [owner, added, assignee] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    await named(owner, 'Olga Owner');
    const workspaceId = await createWorkspace(owner, 'Acme');
    await addMember(owner, workspaceId, added);
    await addMember(owner, workspaceId, assignee);
    await expect.poll(async () => (await inbox(added)).notices.map(line), { timeout: 15_000 }).toEqual(['added by Olga Owner: Acme']);
    expect((await inbox(owner)).notices).toEqual([]);

    // They make a task (the assignee's), then leave: the notice of being added goes from their list and count.
    const api = projectApi(config, owner);
    const project = await api.createProject(workspaceId, { name: 'Apollo' });
    const made = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, {
      token: added.idToken,
      body: { title: 'Left behind', assignedTo: assignee.userId },
    });
    expect(made.status).toBe(201);
    const taskId = (made.body as { task: { id: string } }).task.id;
    expect(await unread(added)).toBe(1);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership`, { token: added.idToken })).status).toBe(204);
    expect((await inbox(added)).notices).toEqual([]);
    expect(await unread(added)).toBe(0);

    // A comment on the task they made tells the assignee, not its former creator.
    const commented = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${taskId}/comments`, { token: owner.idToken, body: { body: 'Still on?' } });
    expect(commented.status).toBe(201);
    await expect.poll(async () => (await taskNotices(assignee)).map(line), { timeout: 15_000 }).toContain('commented by Olga Owner: Left behind');
    const stored = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `INBOX#${added.userId}` } });
    expect(stored.map((item) => item.kind)).toEqual(['added']);
  });

  it('reads past a page of notices of a workspace left, so a page is empty only at the end', async () => {
    const [owner, other, reader] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const kept = await createWorkspace(other, 'Kept');
    await addMember(other, kept, reader);
    await expect.poll(async () => (await inbox(reader)).notices.length, { timeout: 15_000 }).toBe(1);
    // Then three newer notices of a workspace the reader leaves.
    const left = await createWorkspace(owner, 'Left');
    await addMember(owner, left, reader);
    const project = await projectApi(config, owner).createProject(left, { name: 'Apollo' });
    for (const title of ['One', 'Two']) await projectApi(config, owner).createTask(left, project.id, { title, assignedTo: reader.userId });
    await expect.poll(async () => (await inbox(reader)).notices.length, { timeout: 15_000 }).toBe(4);
    expect((await callApi(config, 'DELETE', `/workspaces/${left}/membership`, { token: reader.idToken })).status).toBe(204);
    // The newest page holds only the left workspace's two tasks: the answer is the next page's, with Kept.
    expect((await inbox(reader, '?limit=2')).notices.map((notice) => notice.text)).toEqual(['Kept']);
  });

  it('marks one read and unread, all read, pages newest first, and never lets another user read or mark them', async () => {
    const t = await teamWithTask();
    await t.comment(t.admin, `One ${mentionToken(t.member.userId)}`);
    await t.comment(t.admin, `Two ${mentionToken(t.member.userId)}`);
    await t.comment(t.admin, `Three ${mentionToken(t.member.userId)}`);
    await linesOnce(t.member, 3);
    const all = (await inbox(t.member)).notices;
    expect(all.map((notice) => notice.createdAt)).toEqual([...all.map((notice) => notice.createdAt)].sort().reverse());

    const first = await inbox(t.member, '?limit=2');
    expect(first.notices).toHaveLength(2);
    const rest = await inbox(t.member, `?limit=2&cursor=${first.nextCursor ?? ''}`);
    expect([...first.notices, ...rest.notices].map((notice) => notice.id)).toEqual(all.map((notice) => notice.id));
    // Another reader's cursor reads nothing of theirs.
    expect((await callApi(config, 'GET', `/inbox?cursor=${first.nextCursor ?? ''}`, { token: t.admin.idToken })).status).toBe(400);

    const [one] = all;
    const mark = (user: TestUser, read: boolean, id = one?.id ?? '') => callApi(config, 'PATCH', `/inbox/${id}`, { token: user.idToken, body: { read } });
    // Another user (even the owner of the workspace) cannot read it or mark it: it is not in their inbox.
    expect(await mark(t.owner, true)).toMatchObject({ status: 404, body: { error: 'Notice not found' } });
    expect(await unread(t.member)).toBe(3);

    const marked = await mark(t.member, true);
    expect(marked.status).toBe(200);
    expect(inboxNoticeResponse.parse(marked.body).notice).toMatchObject({ id: one?.id, read: true, actorName: 'Ada Admin' });
    expect(await unread(t.member)).toBe(2);
    expect(inboxNoticeResponse.parse((await mark(t.member, false)).body).notice.read).toBe(false);
    expect(await unread(t.member)).toBe(3);
    expect(await mark(t.member, true, 'no-such-notice')).toMatchObject({ status: 404 });

    // Mark all read touches the caller's notices only.
    const ownerUnread = await unread(t.owner);
    const all1 = await callApi(config, 'POST', '/inbox/read-all', { token: t.member.idToken });
    expect(markAllReadResponse.parse(all1.body).marked).toBe(3);
    expect(await unread(t.member)).toBe(0);
    expect((await inbox(t.member)).notices.every((notice) => notice.read)).toBe(true);
    expect(await unread(t.owner)).toBe(ownerUnread);
    expect(markAllReadResponse.parse((await callApi(config, 'POST', '/inbox/read-all', { token: t.member.idToken })).body).marked).toBe(0);
  });

  it('pushes inbox.changed to the reader’s own connections only', async () => {
    const t = await teamWithTask();
    const [memberSocket, adminSocket] = await Promise.all([openSocket(config, t.member.idToken), openSocket(config, t.admin.idToken)]);
    const heard = (socket: typeof memberSocket) => {
      const messages: ServerMessage[] = [];
      socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
      return messages;
    };
    const [memberHeard, adminHeard] = [heard(memberSocket), heard(adminSocket)];
    try {
      await t.comment(t.admin, `Look ${mentionToken(t.member.userId)}`);
      await expect.poll(() => memberHeard.some((message) => message.type === 'inbox.changed'), { timeout: 15_000 }).toBe(true);
      expect(adminHeard.some((message) => message.type === 'inbox.changed')).toBe(false);
    } finally {
      memberSocket.close();
      adminSocket.close();
    }
  });

  it('writes a redelivered stream record’s notice once and keeps its read mark; keeps notices 90 days', async () => {
    const { decodeImages } = await import('../../functions/data/stream-changes.js');
    const { inboxNoticesOf } = await import('../../functions/data/inbox-changes.js');
    const { putNotices } = await import('../../functions/data/inbox.js');
    const t = await teamWithTask();
    const made = await t.comment(t.admin, `Redelivered ${mentionToken(t.member.userId)}`);
    await linesOnce(t.member, 1);
    const [stored] = await queryTable({
      KeyConditionExpression: 'PK = :pk AND SK = :sk',
      ExpressionAttributeValues: { ':pk': `COMMENT#${t.workspaceId}`, ':sk': `${t.task.id}#${made.id}` },
    });
    const change = decodeImages(undefined, stored);
    expect(change).toBeDefined();
    const [notice] = await taskNotices(t.member);
    expect((await callApi(config, 'PATCH', `/inbox/${notice?.id ?? ''}`, { token: t.member.idToken, body: { read: true } })).status).toBe(200);

    // The same record delivered twice more: no new notice, and the read mark stays.
    const drafts = await inboxNoticesOf(change ? [change] : []);
    expect(drafts.map((draft) => draft.recipientId).sort()).toEqual([t.member.userId, t.owner.userId].sort());
    expect(await putNotices(drafts)).toEqual([]);
    expect(await putNotices(drafts)).toEqual([]);
    const items = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `INBOX#${t.member.userId}` } });
    const ofTask = items.filter((item) => item.taskId === t.task.id);
    expect(ofTask).toHaveLength(1);
    expect(ofTask[0]).toMatchObject({ read: true, expiresAt: Math.floor(Date.parse(made.createdAt) / 1000) + 90 * 24 * 60 * 60 });
  });
});
