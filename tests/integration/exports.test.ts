import { randomUUID } from 'node:crypto';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import Papa from 'papaparse';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { exportResponse, personalExport, workspaceExport, type ExportView } from '../../shared/schemas/export.js';
import { callApi, type TestUser } from './helpers.js';
import { aTask } from '../../shared/testing/project-views.js';
import { config, createTeam, mailsTo, newAccount, tableClient, testTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * Exports (issue 39) through the local HTTP API, the export worker (run in process by the gateway's Lambda
 * endpoint) and the S3 stand-in: ask, wait for the job, download its files with the links it answers.
 */

const BUCKET = 'taskflow-local-attachments';

async function exported(user: TestUser, path: string, body?: object): Promise<ExportView> {
  const asked = await callApi(config, 'POST', path, { token: user.idToken, body });
  expect(asked.status).toBe(201);
  const started = exportResponse.parse(asked.body).export;
  expect(started.status).toBe('pending');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const read = await callApi(config, 'GET', `${path}/${started.id}`, { token: user.idToken });
    expect(read.status).toBe(200);
    const job = exportResponse.parse(read.body).export;
    if (job.status !== 'pending') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The export stayed pending');
}

async function download(job: ExportView, name: string): Promise<{ text: string; disposition: string | null }> {
  const file = job.files.find((candidate) => candidate.name === name);
  expect(file).toBeDefined();
  const response = await fetch(file?.url ?? '');
  expect(response.status).toBe(200);
  return { text: await response.text(), disposition: response.headers.get('content-disposition') };
}

async function teamWithWork() {
  const team = await createTeam();
  const api = projectApi(config, team.owner);
  const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
  const other = await api.createProject(team.workspaceId, { name: 'Gemini' });
  const task = await api.createTask(team.workspaceId, project.id, { title: '=HYPERLINK("http://evil")', assignedTo: team.member.userId });
  const subtask = await api.createTask(team.workspaceId, project.id, { title: 'Sub', parentId: task.id });
  const elsewhere = await api.createTask(team.workspaceId, other.id, { title: 'Elsewhere' });
  await api.createMilestone(team.workspaceId, project.id);
  await api.createNote(team.workspaceId, project.id);
  const comment = async (user: TestUser, projectId: string, taskId: string, body: string) => {
    const posted = await callApi(config, 'POST', `/workspaces/${team.workspaceId}/projects/${projectId}/tasks/${taskId}/comments`, { token: user.idToken, body: { body } });
    expect(posted.status).toBe(201);
  };
  await comment(team.member, project.id, task.id, 'Member says hi');
  await comment(team.owner, other.id, elsewhere.id, 'Owner elsewhere');
  const projectComment = async (user: TestUser, projectId: string, body: string) => {
    const posted = await callApi(config, 'POST', `/workspaces/${team.workspaceId}/projects/${projectId}/comments`, { token: user.idToken, body: { body } });
    expect(posted.status).toBe(201);
  };
  await projectComment(team.member, project.id, 'Member on the project');
  await projectComment(team.owner, other.id, '@Owner on Gemini');
  return { ...team, project, other, task, subtask, elsewhere, exports: `/workspaces/${team.workspaceId}/exports` };
}

describe('exports through the local HTTP API, the export worker and the S3 stand-in', () => {
  it('builds a workspace export for an admin: export.json that parses with the schema, CSVs with formulae escaped, a mail linking the app', async () => {
    const t = await teamWithWork();
    // A ready file on a task and one on a project's own comment, as their uploads leave them (P#<project>#<file>).
    const file = (SK: string, fields: object) => ({
      PK: `ATTACHMENT#${t.workspaceId}`, SK, entity: 'Attachment', workspaceId: t.workspaceId, objectKey: `workspaces/${t.workspaceId}/${SK}`, status: 'ready',
      contentType: 'image/png', size: 10, uploadedBy: t.member.userId, createdAt: new Date().toISOString(), ...fields,
    });
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [testTable.tableName]: [
            { PutRequest: { Item: file(`${t.task.id}#f-task`, { id: 'f-task', taskId: t.task.id, fileName: 'task.png' }) } },
            { PutRequest: { Item: file(`P#${t.other.id}#f-project`, { id: 'f-project', commentId: 'c-1', fileName: 'project.png' }) } },
          ],
        },
      }),
    );
    const job = await exported(t.admin, t.exports, { scope: 'workspace' });
    expect(job).toMatchObject({ status: 'done', scope: 'workspace', requestedBy: t.admin.userId, error: null });
    expect(job.files.map((file) => file.name)).toEqual(['export.json', 'projects.csv', 'tasks.csv', 'milestones.csv', 'notes.csv', 'links.csv', 'comments.csv', 'members.csv']);

    const json = await download(job, 'export.json');
    expect(json.disposition).toContain('attachment; filename="export.json"');
    const document = workspaceExport.parse(JSON.parse(json.text));
    expect(document.workspace.id).toBe(t.workspaceId);
    expect(document.projects.map((p) => p.name).sort()).toEqual(['Apollo', 'Gemini']);
    expect(document.tasks.map((task) => task.id).sort()).toEqual([t.task.id, t.subtask.id, t.elsewhere.id].sort());
    expect(document.tasks.find((task) => task.id === t.subtask.id)?.parentId).toBe(t.task.id);
    // Comments on tasks and on the projects themselves (no taskId).
    expect(document.comments.map((c) => [c.body, c.taskId ?? null, c.projectId]).sort()).toEqual(
      [
        ['Member says hi', t.task.id, t.project.id],
        ['Owner elsewhere', t.elsewhere.id, t.other.id],
        ['Member on the project', null, t.project.id],
        ['@Owner on Gemini', null, t.other.id],
      ].sort(),
    );
    expect(document.milestones).toHaveLength(1);
    expect(document.notes).toHaveLength(1);
    // A task's file with its task's project; a project comment's file with its project and no task.
    expect(document.attachments.map((a) => [a.id, a.taskId ?? null, a.projectId, a.commentId ?? null]).sort()).toEqual([
      ['f-project', null, t.other.id, 'c-1'],
      ['f-task', t.task.id, t.project.id, null],
    ]);
    // An admin's export names the members' addresses.
    expect(document.members.find((m) => m.id === t.member.userId)?.email).toBe(t.member.email.toLowerCase());

    const tasksCsv = await download(job, 'tasks.csv');
    expect(tasksCsv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const commentsCsv = await download(job, 'comments.csv');
    expect(commentsCsv.text).toContain(`,,${t.project.id},${t.member.userId},Member on the project,`);
    expect(commentsCsv.text).toContain(`,,${t.other.id},${t.owner.userId},"'@Owner on Gemini",`);

    const [mail] = await mailsTo(t.admin.email);
    expect(mail?.subject).toBe('Your TaskFlow export is ready');
    expect(mail?.text).toContain('/workspaces/settings');
    expect(mail?.text).not.toContain('/exports/');
  });

  it('refuses a workspace export to a member (403) and anyone outside (404), but gives a member their project', async () => {
    const t = await teamWithWork();
    const outsider = await newAccount();
    expect((await callApi(config, 'POST', t.exports, { token: t.member.idToken, body: { scope: 'workspace' } })).status).toBe(403);
    expect((await callApi(config, 'POST', t.exports, { token: outsider.idToken, body: { scope: 'project', projectId: t.project.id } })).status).toBe(404);
    expect((await callApi(config, 'POST', t.exports, { token: t.member.idToken, body: { scope: 'project', projectId: 'no-such-project' } })).status).toBe(404);

    const job = await exported(t.member, t.exports, { scope: 'project', projectId: t.project.id });
    expect(job).toMatchObject({ status: 'done', scope: 'project', projectId: t.project.id });
    const document = workspaceExport.parse(JSON.parse((await download(job, 'export.json')).text));
    expect(document.projects.map((p) => p.id)).toEqual([t.project.id]);
    expect(document.tasks.map((task) => task.id).sort()).toEqual([t.task.id, t.subtask.id].sort());
    expect(document.comments.map((c) => c.body).sort()).toEqual(['Member on the project', 'Member says hi']);
    expect(document.links).toEqual([]);
    // A member sees the others' names, not their addresses.
    expect(document.members.every((m) => m.email === undefined)).toBe(true);

    // Only its requester reads a job: the owner, the outsider, a wrong id all get 404.
    expect((await callApi(config, 'GET', `${t.exports}/${job.id}`, { token: t.owner.idToken })).status).toBe(404);
    expect((await callApi(config, 'GET', `${t.exports}/${job.id}`, { token: outsider.idToken })).status).toBe(404);
    expect((await callApi(config, 'GET', `${t.exports}/unknown`, { token: t.member.idToken })).status).toBe(404);
  });

  it("a personal export holds the caller's profile, tasks, comments and conversations, and nobody else's", async () => {
    const t = await teamWithWork();
    const job = await exported(t.member, '/profile/exports');
    expect(job).toMatchObject({ status: 'done', scope: 'personal' });
    expect(job.files.map((file) => file.name)).toEqual(['export.json']);
    const document = personalExport.parse(JSON.parse((await download(job, 'export.json')).text));
    expect(document.profile.userId).toBe(t.member.userId);
    expect(document.memberships.map((m) => [m.workspaceId, m.role])).toEqual([[t.workspaceId, 'member']]);
    // The task assigned to them; not the owner's own tasks.
    expect(document.tasks.map((task) => task.id)).toEqual([t.task.id]);
    // Their comments on a task and on a project; not the owner's.
    expect(document.comments.map((c) => [c.body, c.taskId ?? null, c.projectId, c.workspaceId]).sort()).toEqual(
      [
        ['Member on the project', null, t.project.id, t.workspaceId],
        ['Member says hi', t.task.id, t.project.id, t.workspaceId],
      ].sort(),
    );
    expect(document.conversations).toEqual([]);
    // Another person reads none of it.
    expect((await callApi(config, 'GET', `/profile/exports/${job.id}`, { token: t.owner.idToken })).status).toBe(404);
  });

  it("streams a busy workspace's export to S3 in parts: its bytes are those of the document built in memory", async () => {
    useTestTable();
    const { childItem } = await import('../../functions/data/project-children.js');
    const { readExportSources } = await import('../../functions/exports/export-sources.js');
    const { buildWorkspaceExport } = await import('../../functions/exports/export-document.js');
    const t = await teamWithWork();
    // 1,200 tasks of 5,000 characters (some beyond one UTF-8 byte) written straight into the table: an export.json of
    // over 6 MB, past S3's 5 MiB part, so the worker's upload goes in parts (the stand-in holds it to S3's rules).
    const description = 'Überall 😀 — a long description. '.repeat(160).slice(0, 5_000);
    const tasks = Array.from({ length: 1_200 }, (_, index) => aTask({ id: randomUUID(), projectId: t.other.id, title: `Bulk ${index}`, description, position: index }));
    const writeAll = async (request: (item: Record<string, unknown>) => object) => {
      for (let start = 0; start < tasks.length; start += 25) {
        const batch = tasks.slice(start, start + 25).map((task) => request(childItem('task', t.workspaceId, task)));
        await tableClient.send(new BatchWriteCommand({ RequestItems: { [testTable.tableName]: batch } }));
      }
    };
    // Gone again after the test, passed or not: the tests that read the whole shared table (the layout
    // migration's) would otherwise wade through these 6 MB, several times over.
    onTestFinished(() => writeAll(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })));
    await writeAll((Item) => ({ PutRequest: { Item } }));

    const job = await exported(t.owner, t.exports, { scope: 'workspace' });
    expect(job.status).toBe('done');
    const { text } = await download(job, 'export.json');
    expect(Buffer.byteLength(text)).toBeGreaterThan(6 * 1024 * 1024);
    const document = workspaceExport.parse(JSON.parse(text));
    expect(document.tasks).toHaveLength(1_203);
    const sources = await readExportSources(t.workspaceId, { withEmails: true });
    if (!sources) throw new Error('The workspace is gone');
    const inMemory = await buildWorkspaceExport(sources, { scope: 'workspace' }, new Date(document.exportedAt));
    expect(text).toBe(`${JSON.stringify(inMemory, null, 2)}\n`);
    const tasksCsv = Papa.parse<Record<string, string>>((await download(job, 'tasks.csv')).text, { header: true }).data;
    expect(tasksCsv.map((row) => row.id)).toEqual(inMemory.tasks.map((task) => task.id));
    expect(tasksCsv.find((row) => row.title === 'Bulk 7')?.description).toBe(description);
  }, 120_000);

  it("writes a file through the S3 stand-in's multipart upload as S3 takes it: parts of 5 MiB but the last, nothing left of an aborted one", async () => {
    process.env.AWS_ENDPOINT_URL_S3 = inject('filesUrl');
    process.env.ATTACHMENTS_BUCKET = BUCKET;
    const { writeObject, headObject } = await import('../../functions/lib/file-store.js');
    const s3 = new S3Client({ endpoint: inject('filesUrl'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const at = { Bucket: BUCKET, Key: `exports/${randomUUID()}/small-parts.json` };
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand(at));
    const parts = [];
    for (const PartNumber of [1, 2]) parts.push({ PartNumber, ETag: (await s3.send(new UploadPartCommand({ ...at, UploadId, PartNumber, Body: 'too small' }))).ETag });
    await expect(s3.send(new CompleteMultipartUploadCommand({ ...at, UploadId, MultipartUpload: { Parts: parts } }))).rejects.toMatchObject({ name: 'EntityTooSmall' });
    expect(await headObject(at.Key)).toBeUndefined();

    // Through the worker's writer: 11 MiB in pieces makes three parts; an aborted one stores nothing.
    const key = `exports/${randomUUID()}/big.txt`;
    const file = writeObject(key, 'text/plain');
    const piece = 'x'.repeat(1024 * 1024 - 1) + '\n';
    for (let count = 0; count < 11; count += 1) await file.write(piece);
    await file.end();
    expect(await headObject(key)).toEqual({ size: 11 * 1024 * 1024, contentType: 'text/plain' });
    const abandoned = `exports/${randomUUID()}/abandoned.txt`;
    const dropped = writeObject(abandoned, 'text/plain');
    for (let count = 0; count < 6; count += 1) await dropped.write(piece);
    await dropped.abort();
    expect(await headObject(abandoned)).toBeUndefined();
  }, 60_000);

  it('shows an export whose worker never finished it as failed, not pending for ever', async () => {
    const t = await createTeam();
    const createdAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await tableClient.send(
      new PutCommand({
        TableName: testTable.tableName,
        Item: {
          PK: `WS#${t.workspaceId}`, SK: 'EXPORT#stuck', entity: 'Export', id: 'stuck', scope: 'workspace', workspaceId: t.workspaceId, projectId: null,
          status: 'pending', requestedBy: t.owner.userId, createdAt, finishedAt: null, error: null, files: [],
        },
      }),
    );
    const read = await callApi(config, 'GET', `/workspaces/${t.workspaceId}/exports/stuck`, { token: t.owner.idToken });
    expect(read.status).toBe(200);
    expect(exportResponse.parse(read.body).export).toMatchObject({ status: 'failed', error: expect.stringContaining('could not be made'), files: [] });
  });
});
