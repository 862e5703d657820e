import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentDownload,
  attachmentList,
  attachmentResponse,
  attachmentUpload,
  attachmentUsage,
  type AttachmentUpload,
  WORKSPACE_FILES_FULL,
  WORKSPACE_FILES_QUOTA_BYTES,
} from '../../shared/schemas/attachment.js';
import { commentResponse } from '../../shared/schemas/comment.js';
import { trashPage } from '../../shared/schemas/trash.js';
import { callApi, type TestUser } from './helpers.js';
import { config, createTeam, newAccount, queryTable, subscribe, tableClient, testTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * Files on tasks (issue 37) through the local HTTP API and the S3 stand-in: the upload goes to the bucket
 * with the presigned POST's own form fields, as a browser sends it; the stream's cleanup deletes files.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function teamWithTask() {
  const team = await createTeam();
  const api = projectApi(config, team.owner);
  const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
  const task = await api.createTask(team.workspaceId, project.id, { title: 'Ship' });
  const base = `/workspaces/${team.workspaceId}/projects/${project.id}/tasks/${task.id}`;
  const attachments = `${base}/attachments`;
  // The task's files, or at `at` another subject's (a project's own comments').
  const request = (user: TestUser, body: object, at = attachments) => callApi(config, 'POST', at, { token: user.idToken, body });
  const list = async (user: TestUser, at = attachments) => {
    const response = await callApi(config, 'GET', at, { token: user.idToken });
    expect(response.status).toBe(200);
    return attachmentList.parse(response.body).attachments;
  };
  /** Asks for an upload, posts the bytes and completes it. */
  const attach = async (user: TestUser, fileName: string, contentType: string, bytes: Buffer, extra: { commentId?: string } = {}, at = attachments) => {
    const asked = await request(user, { fileName, contentType, size: bytes.length, ...extra }, at);
    expect(asked.status).toBe(201);
    const ticket = attachmentUpload.parse(asked.body);
    expect((await postFile(ticket, bytes, contentType)).status).toBe(204);
    const completed = await callApi(config, 'POST', `${at}/${ticket.attachment.id}/complete`, { token: user.idToken });
    expect(completed.status).toBe(200);
    return attachmentResponse.parse(completed.body).attachment;
  };
  const downloadUrl = async (user: TestUser, attachmentId: string, at = attachments) => {
    const response = await callApi(config, 'GET', `${at}/${attachmentId}/download`, { token: user.idToken });
    expect(response.status).toBe(200);
    return attachmentDownload.parse(response.body).url;
  };
  return { ...team, api, project, task, base, attachments, request, list, attach, downloadUrl };
}

/** The presigned POST as a browser form: its fields (changed by `override`), then the file. */
function postFile(ticket: AttachmentUpload, bytes: Buffer, contentType: string, override: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.upload.fields, ...override })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'upload');
  return fetch(ticket.upload.url, { method: 'POST', body: form });
}

/** The workspace's attachment items (not its files' counter). */
const storedAttachments = async (workspaceId: string) =>
  (await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `ATTACHMENT#${workspaceId}` } })).filter((item) => item.entity === 'Attachment');

const usageOf = async (t: { workspaceId: string; member: TestUser }) => {
  const response = await callApi(config, 'GET', `/workspaces/${t.workspaceId}/attachment-usage`, { token: t.member.idToken });
  expect(response.status).toBe(200);
  return attachmentUsage.parse(response.body);
};

describe('attachments on tasks through the local HTTP API and the S3 stand-in', () => {
  it('uploads with the presigned POST, completes, lists, downloads the bytes as an attachment and deletes the file', async () => {
    const t = await teamWithTask();
    const text = Buffer.from('Launch checklist\n');
    const report = await t.attach(t.member, 'Rapport d’été.txt', 'text/plain', text);
    const image = await t.attach(t.owner, 'screen.png', 'image/png', PNG);
    expect(report).toMatchObject({ fileName: 'Rapport d’été.txt', contentType: 'text/plain', size: text.length, uploadedBy: t.member.userId, taskId: t.task.id });

    const listed = await t.list(t.admin);
    expect(listed.map((attachment) => attachment.id)).toEqual([report.id, image.id]);
    expect(listed[0]?.thumbnailUrl).toBeUndefined();
    // An image has a thumbnail: its bytes, from the bucket's origin, still as an attachment.
    const thumbnail = await fetch(listed[1]?.thumbnailUrl ?? '');
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer())).toEqual(PNG);

    const downloaded = await fetch(await t.downloadUrl(t.admin, report.id));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toBe(`attachment; filename="Rapport d__t_.txt"; filename*=UTF-8''Rapport%20d%E2%80%99%C3%A9t%C3%A9.txt`);
    expect(downloaded.headers.get('content-type')).toBe('text/plain');
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(text);
    // The bucket is private: the same object without the signature is refused.
    const unsigned = new URL(await t.downloadUrl(t.admin, report.id));
    expect((await fetch(`${unsigned.origin}${unsigned.pathname}`)).status).toBe(403);

    // The member deletes their own; the file goes through the stream's cleanup.
    const url = await t.downloadUrl(t.member, report.id);
    expect((await callApi(config, 'DELETE', `${t.attachments}/${report.id}`, { token: t.member.idToken })).status).toBe(204);
    expect((await t.list(t.member)).map((attachment) => attachment.id)).toEqual([image.id]);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);
    expect((await callApi(config, 'GET', `${t.attachments}/${report.id}/download`, { token: t.member.idToken })).status).toBe(404);
  });

  it('lets the uploader, an owner or an admin delete, only the uploader complete; an outsider learns nothing', async () => {
    const t = await teamWithTask();
    const outsider = await newAccount();
    const owners = await t.attach(t.owner, 'plan.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    const remove = (user: TestUser, id: string) => callApi(config, 'DELETE', `${t.attachments}/${id}`, { token: user.idToken });
    expect((await remove(t.member, owners.id)).status).toBe(403);

    const asked = attachmentUpload.parse((await t.request(t.member, { fileName: 'a.txt', contentType: 'text/plain', size: 1 })).body);
    expect((await postFile(asked, Buffer.from('a'), 'text/plain')).status).toBe(204);
    expect((await callApi(config, 'POST', `${t.attachments}/${asked.attachment.id}/complete`, { token: t.owner.idToken })).status).toBe(403);

    for (const [method, path] of [
      ['GET', t.attachments],
      ['POST', `${t.attachments}/${asked.attachment.id}/complete`],
      ['GET', `${t.attachments}/${owners.id}/download`],
      ['DELETE', `${t.attachments}/${owners.id}`],
    ] as const) {
      expect(await callApi(config, method, path, { token: outsider.idToken })).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    }
    expect((await t.request(outsider, { fileName: 'x.txt', contentType: 'text/plain', size: 1 })).status).toBe(404);
    expect((await remove(t.admin, owners.id)).status).toBe(204);
    expect((await remove(t.admin, owners.id)).status).toBe(404);
  });

  it('refuses a file over the limit, a type outside the allow-list, a POST reused for another key or a changed type, and completing what was not uploaded', async () => {
    const t = await teamWithTask();
    const refusedField = async (body: object, field: string) =>
      expect(await t.request(t.owner, body)).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    await refusedField({ fileName: 'big.zip', contentType: 'application/zip', size: ATTACHMENT_MAX_BYTES + 1 }, 'size');
    await refusedField({ fileName: 'empty.txt', contentType: 'text/plain', size: 0 }, 'size');
    await refusedField({ fileName: 'page.html', contentType: 'text/html', size: 10 }, 'contentType');
    await refusedField({ fileName: 'logo.svg', contentType: 'image/svg+xml', size: 10 }, 'contentType');
    await refusedField({ fileName: '', contentType: 'text/plain', size: 10 }, 'fileName');
    await refusedField({ fileName: 'bell\u0007.txt', contentType: 'text/plain', size: 10 }, 'fileName');
    expect(await storedAttachments(t.workspaceId)).toEqual([]);

    const bytes = Buffer.from('hello');
    const ticket = attachmentUpload.parse((await t.request(t.owner, { fileName: 'hello.txt', contentType: 'text/plain', size: bytes.length })).body);
    // Not uploaded yet: a clear 400, and nothing listed.
    const early = await callApi(config, 'POST', `${t.attachments}/${ticket.attachment.id}/complete`, { token: t.owner.idToken });
    expect(early).toMatchObject({ status: 400, body: { fields: [{ field: 'file' }] } });
    // The bucket holds the POST to its policy, as S3 does: another key, another type, another size.
    const otherKey = await postFile(ticket, bytes, 'text/plain', { key: `${ticket.upload.fields.key ?? ''}-other` });
    expect(otherKey.status).toBe(403);
    expect(await otherKey.text()).toContain('Invalid according to Policy');
    expect((await postFile(ticket, bytes, 'text/html', { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await postFile(ticket, Buffer.from('hello, world'), 'text/plain')).status).toBe(400);
    expect((await postFile(ticket, bytes, 'text/plain', { extra: 'field' })).status).toBe(403);
    expect((await postFile(ticket, bytes, 'text/plain', { 'X-Amz-Signature': '0'.repeat(64) })).status).toBe(403);
    expect(await t.list(t.owner)).toEqual([]);

    expect((await postFile(ticket, bytes, 'text/plain')).status).toBe(204);
    expect((await callApi(config, 'POST', `${t.attachments}/${ticket.attachment.id}/complete`, { token: t.owner.idToken })).status).toBe(200);
    expect((await t.list(t.owner)).map((attachment) => attachment.fileName)).toEqual(['hello.txt']);
    // Another project's path to the task, or an attachment id never asked for: 404.
    const other = await t.api.createProject(t.workspaceId, { name: 'Zeus' });
    expect((await callApi(config, 'GET', `/workspaces/${t.workspaceId}/projects/${other.id}/tasks/${t.task.id}/attachments`, { token: t.owner.idToken })).status).toBe(404);
    expect((await callApi(config, 'POST', `${t.attachments}/nothing-here/complete`, { token: t.owner.idToken })).status).toBe(404);
  });

  it('refuses to complete an object whose size or type differs from the request (put around the policy), and deletes it', async () => {
    const t = await teamWithTask();
    const ticket = attachmentUpload.parse((await t.request(t.owner, { fileName: 'a.txt', contentType: 'text/plain', size: 5 })).body);
    // Written with the bucket's own credentials, as a bug or another writer could: the API checks again.
    const s3 = new S3Client({ endpoint: inject('filesUrl'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const key = ticket.upload.fields.key ?? '';
    await s3.send(new PutObjectCommand({ Bucket: 'taskflow-local-attachments', Key: key, Body: '<html>', ContentType: 'text/html' }));
    const complete = () => callApi(config, 'POST', `${t.attachments}/${ticket.attachment.id}/complete`, { token: t.owner.idToken });
    expect(await complete()).toMatchObject({ status: 400, body: { fields: [{ field: 'file', message: expect.stringContaining('not the one announced') }] } });
    // The object was deleted: completing again finds nothing uploaded.
    expect(await complete()).toMatchObject({ status: 400, body: { fields: [{ field: 'file', message: expect.stringContaining('not uploaded') }] } });
    expect(await t.list(t.owner)).toEqual([]);
    s3.destroy();
  });

  it('attaches files to a comment of one’s own on the task, lists them with it, and deletes them with the comment', async () => {
    const t = await teamWithTask();
    const comments = `${t.base}/comments`;
    const postComment = async (user: TestUser, body: string) =>
      commentResponse.parse((await callApi(config, 'POST', comments, { token: user.idToken, body: { body } })).body).comment;
    const mine = await postComment(t.member, 'See the screenshot');
    const theirs = await postComment(t.owner, 'Not yours');
    const onComment = await t.attach(t.member, 'screen.png', 'image/png', PNG, { commentId: mine.id });
    const onTask = await t.attach(t.member, 'plan.txt', 'text/plain', Buffer.from('plan'));
    expect(onComment).toMatchObject({ commentId: mine.id, taskId: t.task.id });
    expect(onTask).not.toHaveProperty('commentId');
    expect((await t.list(t.admin)).map(({ id, commentId }) => [id, commentId])).toEqual([
      [onComment.id, mine.id],
      [onTask.id, undefined],
    ]);

    // Someone else's comment, a comment of another task, or none such: refused, nothing written.
    const other = await t.api.createTask(t.workspaceId, t.project.id, { title: 'Other' });
    const elsewhere = commentResponse.parse(
      (await callApi(config, 'POST', `/workspaces/${t.workspaceId}/projects/${t.project.id}/tasks/${other.id}/comments`, { token: t.member.idToken, body: { body: 'Elsewhere' } })).body,
    ).comment;
    for (const commentId of [theirs.id, elsewhere.id, 'no-such-comment']) {
      const refused = await t.request(t.member, { fileName: 'x.txt', contentType: 'text/plain', size: 1, commentId });
      expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'commentId' }] } });
    }
    expect(await t.request(t.member, { fileName: 'x.txt', contentType: 'text/plain', size: 1, commentId: 'bad id!' })).toMatchObject({ status: 400, body: { fields: [{ field: 'commentId' }] } });
    expect(await storedAttachments(t.workspaceId)).toHaveLength(2);

    // An owner deletes the member's comment: its file goes with it (item, then object), the task's stays.
    const url = await t.downloadUrl(t.member, onComment.id);
    expect((await callApi(config, 'DELETE', `${comments}/${mine.id}`, { token: t.owner.idToken })).status).toBe(204);
    expect((await t.list(t.member)).map(({ id }) => id)).toEqual([onTask.id]);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);
  });

  it("keeps a deleted task's files in the Trash, back with a Restore, deletes them when it is deleted forever (the stream's cleanup), and a project's and a workspace's with them", async () => {
    const t = await teamWithTask();
    const file = await t.attach(t.owner, 'notes.md', 'text/markdown', Buffer.from('# Notes'));
    const url = await t.downloadUrl(t.owner, file.id);
    expect((await fetch(url)).status).toBe(200);
    const trash = `/workspaces/${t.workspaceId}/trash`;
    const entryId = async () => trashPage.parse((await t.api.call('GET', trash)).body).entries[0]?.id ?? '';
    expect((await t.api.call('DELETE', t.base)).status).toBe(204);
    expect((await callApi(config, 'GET', t.attachments, { token: t.owner.idToken })).status).toBe(404);
    expect(await storedAttachments(t.workspaceId)).toHaveLength(1);
    expect((await t.api.call('POST', `${trash}/${await entryId()}/restore`, {})).status).toBe(200);
    expect((await t.list(t.member)).map(({ id }) => id)).toEqual([file.id]);
    expect((await fetch(await t.downloadUrl(t.member, file.id))).status).toBe(200);

    expect((await t.api.call('DELETE', t.base)).status).toBe(204);
    expect((await t.api.call('DELETE', `${trash}/${await entryId()}`)).status).toBe(204);
    await expect.poll(() => storedAttachments(t.workspaceId), { timeout: 15_000 }).toEqual([]);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);

    const again = await teamWithTask();
    const inProject = await again.attach(again.member, 'a.csv', 'text/csv', Buffer.from('a,b'));
    const projectFile = await again.downloadUrl(again.member, inProject.id);
    // A deleted project's files wait with it in the Trash, and go when it is emptied.
    expect((await again.api.call('DELETE', `/workspaces/${again.workspaceId}/projects/${again.project.id}`)).status).toBe(204);
    expect(await storedAttachments(again.workspaceId)).toHaveLength(1);
    expect((await again.api.call('DELETE', `/workspaces/${again.workspaceId}/trash`)).status).toBe(204);
    await expect.poll(async () => (await fetch(projectFile)).status, { timeout: 15_000 }).toBe(404);

    const third = await teamWithTask();
    const inWorkspace = await third.attach(third.owner, 'b.json', 'application/json', Buffer.from('{}'));
    const workspaceFile = await third.downloadUrl(third.owner, inWorkspace.id);
    expect((await third.api.call('DELETE', `/workspaces/${third.workspaceId}`)).status).toBe(204);
    expect(await storedAttachments(third.workspaceId)).toEqual([]);
    await expect.poll(async () => (await fetch(workspaceFile)).status, { timeout: 15_000 }).toBe(404);
  });

  it('keeps a file that arrives after its task went to the Trash until the entry is deleted for good; a wrong project keeps it', async () => {
    const t = await teamWithTask();
    const s3 = new S3Client({ endpoint: inject('filesUrl'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const stored = async (key: string) => (await s3.send(new HeadObjectCommand({ Bucket: 'taskflow-local-attachments', Key: key })).then(() => true, () => false));
    const bytes = Buffer.from('late');
    const ask = async (user: TestUser) => attachmentUpload.parse((await t.request(user, { fileName: 'late.txt', contentType: 'text/plain', size: bytes.length })).body);

    // Uploaded, then completed through another project's path: 404, and the file stays for the right one.
    const kept = await ask(t.owner);
    expect((await postFile(kept, bytes, 'text/plain')).status).toBe(204);
    const other = await t.api.createProject(t.workspaceId, { name: 'Zeus' });
    const wrongPath = `/workspaces/${t.workspaceId}/projects/${other.id}/tasks/${t.task.id}/attachments/${kept.attachment.id}/complete`;
    expect((await callApi(config, 'POST', wrongPath, { token: t.owner.idToken })).status).toBe(404);
    expect(await stored(kept.upload.fields.key ?? '')).toBe(true);

    // The task moved to the Trash while the file was on its way: completing it answers 404, and the file waits
    // with its item (a Restore may still want it) until the entry is deleted for good, which deletes both.
    const late = await ask(t.owner);
    expect((await t.api.call('DELETE', t.base)).status).toBe(204);
    expect((await postFile(late, bytes, 'text/plain')).status).toBe(204);
    expect((await callApi(config, 'POST', `${t.attachments}/${late.attachment.id}/complete`, { token: t.owner.idToken })).status).toBe(404);
    expect(await stored(late.upload.fields.key ?? '')).toBe(true);
    const trash = `/workspaces/${t.workspaceId}/trash`;
    const [entry] = trashPage.parse((await t.api.call('GET', trash)).body).entries;
    expect((await t.api.call('DELETE', `${trash}/${entry?.id ?? ''}`)).status).toBe(204);
    await expect.poll(() => stored(late.upload.fields.key ?? ''), { timeout: 15_000 }).toBe(false);
    s3.destroy();
  });

  it('pushes an attachment to another member watching the workspace', async () => {
    const t = await teamWithTask();
    const socket = await subscribe(t.member.idToken, t.workspaceId);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
    try {
      const file = await t.attach(t.owner, 'c.txt', 'text/plain', Buffer.from('c'));
      const changes = () => messages.flatMap((message) => (message.type === 'workspace.changed' ? message.changes : []));
      await expect.poll(() => changes().find((change) => change.entity === 'attachment'), { timeout: 15_000 }).toMatchObject({ entity: 'attachment', id: file.id, taskId: t.task.id });
    } finally {
      socket.close();
    }
  });

  it('counts the ready files against the workspace quota: refuses an upload past it (asked or completed) with 409, and a delete or purge gives the room back', async () => {
    const t = await teamWithTask();
    expect(await usageOf(t)).toEqual({ usedBytes: 0, quotaBytes: WORKSPACE_FILES_QUOTA_BYTES });
    const text = Buffer.from('twelve bytes');
    const first = await t.attach(t.member, 'a.txt', 'text/plain', text);
    expect((await usageOf(t)).usedBytes).toBe(text.length);
    // Completing twice counts once.
    expect((await callApi(config, 'POST', `${t.attachments}/${first.id}/complete`, { token: t.member.idToken })).status).toBe(200);
    expect((await usageOf(t)).usedBytes).toBe(text.length);

    // An upload asked for while it fits, then completed after others filled the room: refused, and it goes.
    const asked = attachmentUpload.parse((await t.request(t.member, { fileName: 'b.txt', contentType: 'text/plain', size: text.length })).body);
    expect((await postFile(asked, text, 'text/plain')).status).toBe(204);
    const setUsed = (bytes: number) =>
      tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: { PK: `ATTACHMENT#${t.workspaceId}`, SK: 'USAGE', bytes } }));
    await setUsed(WORKSPACE_FILES_QUOTA_BYTES - 5);
    const late = await callApi(config, 'POST', `${t.attachments}/${asked.attachment.id}/complete`, { token: t.member.idToken });
    expect(late).toEqual({ status: 409, body: { error: WORKSPACE_FILES_FULL } });
    expect((await storedAttachments(t.workspaceId)).map(({ id }) => id)).toEqual([first.id]);
    expect((await t.request(t.member, { fileName: 'c.txt', contentType: 'text/plain', size: 6 })).status).toBe(409);
    expect((await t.request(t.member, { fileName: 'c.txt', contentType: 'text/plain', size: 5 })).status).toBe(201);

    // Deleting a ready file gives its bytes back; so does a trashed task's purge.
    await setUsed(100);
    expect((await callApi(config, 'DELETE', `${t.attachments}/${first.id}`, { token: t.member.idToken })).status).toBe(204);
    expect((await usageOf(t)).usedBytes).toBe(100 - text.length);
    await t.attach(t.member, 'd.txt', 'text/plain', text);
    expect((await usageOf(t)).usedBytes).toBe(100);
    expect((await t.api.call('DELETE', t.base)).status).toBe(204);
    expect((await usageOf(t)).usedBytes).toBe(100);
    expect((await t.api.call('DELETE', `/workspaces/${t.workspaceId}/trash`)).status).toBe(204);
    await expect.poll(async () => (await usageOf(t)).usedBytes, { timeout: 15_000 }).toBe(100 - text.length);
  });
  it('never takes the counter below none: a file made ready before the counter began gives back only what it holds', async () => {
    const t = await teamWithTask();
    const text = Buffer.from('twelve bytes');
    const file = await t.attach(t.member, 'old.txt', 'text/plain', text);
    await tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: { PK: `ATTACHMENT#${t.workspaceId}`, SK: 'USAGE', bytes: 5 } }));
    expect((await callApi(config, 'DELETE', `${t.attachments}/${file.id}`, { token: t.member.idToken })).status).toBe(204);
    const [usage] = await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `ATTACHMENT#${t.workspaceId}`, ':sk': 'USAGE' } });
    expect(usage).toMatchObject({ bytes: 0 });
    expect(await storedAttachments(t.workspaceId)).toEqual([]);
  });
  it("takes a purged task's files off the counter once in all, however often the purge runs (a redelivered stream batch)", async () => {
    const t = await teamWithTask();
    const text = Buffer.from('twelve bytes');
    await t.attach(t.member, 'a.txt', 'text/plain', text);
    await t.attach(t.member, 'b.txt', 'text/plain', text);
    await tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: { PK: `ATTACHMENT#${t.workspaceId}`, SK: 'USAGE', bytes: 100 } }));
    useTestTable();
    const { deleteAttachmentsOfTasks } = await import('../../functions/data/attachments.js');
    await deleteAttachmentsOfTasks(t.workspaceId, [t.task.id]);
    await deleteAttachmentsOfTasks(t.workspaceId, [t.task.id]);
    expect((await usageOf(t)).usedBytes).toBe(100 - 2 * text.length);
    expect(await storedAttachments(t.workspaceId)).toEqual([]);
  });
});

describe("files on a project's own comments through the local HTTP API and the S3 stand-in (issue 37)", () => {
  /** A team with a project, and the routes of its own comments and of their files. */
  async function teamWithProjectComments() {
    const t = await teamWithTask();
    const projectBase = `/workspaces/${t.workspaceId}/projects/${t.project.id}`;
    const files = `${projectBase}/attachments`;
    const comments = `${projectBase}/comments`;
    const postComment = async (user: TestUser, body: string, at = comments) => {
      const response = await callApi(config, 'POST', at, { token: user.idToken, body: { body } });
      expect(response.status).toBe(201);
      return commentResponse.parse(response.body).comment;
    };
    return { ...t, projectBase, files, comments, postComment };
  }

  it('uploads to a comment of one’s own on the project, lists and downloads it, counts it, and deletes it with its comment', async () => {
    const t = await teamWithProjectComments();
    const outsider = await newAccount();
    const mine = await t.postComment(t.member, 'The brief, attached');
    const theirs = await t.postComment(t.owner, 'Not yours');
    const onTask = await t.postComment(t.member, 'On the task', `${t.base}/comments`);
    const before = (await usageOf(t)).usedBytes;

    const image = await t.attach(t.member, 'brief.png', 'image/png', PNG, { commentId: mine.id }, t.files);
    const text = await t.attach(t.member, 'brief.txt', 'text/plain', Buffer.from('brief'), { commentId: mine.id }, t.files);
    expect(image).toMatchObject({ commentId: mine.id, uploadedBy: t.member.userId });
    expect(image).not.toHaveProperty('taskId');
    expect((await usageOf(t)).usedBytes).toBe(before + PNG.length + 5);
    const listed = await t.list(t.admin, t.files);
    expect(listed.map(({ id, commentId }) => [id, commentId])).toEqual([
      [image.id, mine.id],
      [text.id, mine.id],
    ]);
    // Neither the task's list nor the project's holds the other's files.
    expect(await t.list(t.admin)).toEqual([]);
    const thumbnail = await fetch(listed[0]?.thumbnailUrl ?? '');
    expect(Buffer.from(await thumbnail.arrayBuffer())).toEqual(PNG);
    const downloaded = await fetch(await t.downloadUrl(t.owner, text.id, t.files));
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(await downloaded.text()).toBe('brief');

    // Someone else's comment, a task's comment, none such, or none named: refused, nothing written.
    for (const body of [{ commentId: theirs.id }, { commentId: onTask.id }, { commentId: 'no-such-comment' }, {}]) {
      const refused = await t.request(t.member, { fileName: 'x.txt', contentType: 'text/plain', size: 1, ...body }, t.files);
      expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'commentId' }] } });
    }
    // An outsider learns nothing; another workspace's project is not found.
    expect([403, 404]).toContain((await callApi(config, 'GET', t.files, { token: outsider.idToken })).status);
    expect([403, 404]).toContain((await t.request(outsider, { fileName: 'x.txt', contentType: 'text/plain', size: 1, commentId: mine.id }, t.files)).status);
    expect(await storedAttachments(t.workspaceId)).toHaveLength(2);

    // Only the uploader, an owner or an admin deletes one file.
    expect((await callApi(config, 'DELETE', `${t.files}/${text.id}`, { token: t.owner.idToken })).status).toBe(204);
    expect((await usageOf(t)).usedBytes).toBe(before + PNG.length);

    // An admin deletes the member's comment: its files go with it, items and counter at once, objects by the stream.
    const url = await t.downloadUrl(t.member, image.id, t.files);
    expect((await callApi(config, 'DELETE', `${t.comments}/${mine.id}`, { token: t.admin.idToken })).status).toBe(204);
    expect(await t.list(t.member, t.files)).toEqual([]);
    expect(await storedAttachments(t.workspaceId)).toEqual([]);
    expect((await usageOf(t)).usedBytes).toBe(before);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);
  });

  it("keeps them with a project in the Trash, back with its Restore, and deletes them (and their bytes off the counter) when it is deleted for good", async () => {
    const t = await teamWithProjectComments();
    const comment = await t.postComment(t.member, 'Minutes');
    const file = await t.attach(t.member, 'minutes.md', 'text/markdown', Buffer.from('# Minutes'), { commentId: comment.id }, t.files);
    const url = await t.downloadUrl(t.member, file.id, t.files);
    const trash = `/workspaces/${t.workspaceId}/trash`;
    const entryId = async () => trashPage.parse((await t.api.call('GET', trash)).body).entries[0]?.id ?? '';

    expect((await t.api.call('DELETE', t.projectBase)).status).toBe(204);
    expect((await callApi(config, 'GET', t.files, { token: t.member.idToken })).status).toBe(404);
    // No file is asked for on a project in the Trash.
    expect((await t.request(t.member, { fileName: 'x.txt', contentType: 'text/plain', size: 1, commentId: comment.id }, t.files)).status).toBe(404);
    expect(await storedAttachments(t.workspaceId)).toHaveLength(1);
    expect((await t.api.call('POST', `${trash}/${await entryId()}/restore`, {})).status).toBe(200);
    expect((await t.list(t.member, t.files)).map(({ id, commentId }) => [id, commentId])).toEqual([[file.id, comment.id]]);
    expect((await fetch(await t.downloadUrl(t.member, file.id, t.files))).status).toBe(200);
    expect((await usageOf(t)).usedBytes).toBe(9);

    expect((await t.api.call('DELETE', t.projectBase)).status).toBe(204);
    expect((await t.api.call('DELETE', `${trash}/${await entryId()}`)).status).toBe(204);
    await expect.poll(() => storedAttachments(t.workspaceId), { timeout: 15_000 }).toEqual([]);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);
    expect((await usageOf(t)).usedBytes).toBe(0);
  });

  it("pushes a project comment's file to another member watching the workspace, named by its project", async () => {
    const t = await teamWithProjectComments();
    const comment = await t.postComment(t.owner, 'Slides');
    const socket = await subscribe(t.member.idToken, t.workspaceId);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(serverMessage.parse(JSON.parse(String(data)))));
    try {
      const file = await t.attach(t.owner, 'slides.txt', 'text/plain', Buffer.from('s'), { commentId: comment.id }, t.files);
      const changes = () => messages.flatMap((message) => (message.type === 'workspace.changed' ? message.changes : []));
      const pushed = () => changes().find((change) => change.entity === 'attachment' && change.id === file.id);
      await expect.poll(pushed, { timeout: 15_000 }).toMatchObject({ entity: 'attachment', id: file.id, projectId: t.project.id });
      expect(pushed()).not.toHaveProperty('taskId');
    } finally {
      socket.close();
    }
  });
});
