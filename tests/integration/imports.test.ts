import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { exportResponse, workspaceExport, type ExportView, type WorkspaceExport } from '../../shared/schemas/export.js';
import { duplicateImportMessage, importList, importUpload } from '../../shared/schemas/import.js';
import { inboxPage } from '../../shared/schemas/inbox.js';
import { labelResponse } from '../../shared/schemas/label.js';
import { listProjectsResponse } from '../../shared/schemas/project.js';
import { callApi, type TestUser } from './helpers.js';
import { analysed, asked, imported, imports, read, settled } from './import-fixtures.js';
import { postFile, sha256 } from './import-upload.js';
import { addMember, config, createTeam, createWorkspace, newAccount, useTestTable, type Team } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * Imports (issue 39) through the local HTTP API, the import worker (run in process by the gateway's Lambda
 * endpoint) and the S3 stand-in: ask with the file's SHA-256, post it with the presigned POST as a browser
 * does, say it is uploaded, wait for the analysis, start, wait for the report.
 */

async function exported(user: TestUser, workspaceId: string): Promise<WorkspaceExport> {
  const path = `/workspaces/${workspaceId}/exports`;
  const response = await callApi(config, 'POST', path, { token: user.idToken, body: { scope: 'workspace' } });
  expect(response.status).toBe(201);
  let job: ExportView = exportResponse.parse(response.body).export;
  for (let attempt = 0; attempt < 100 && job.status === 'pending'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = exportResponse.parse((await callApi(config, 'GET', `${path}/${job.id}`, { token: user.idToken })).body).export;
  }
  const file = job.files.find((candidate) => candidate.name === 'export.json');
  return workspaceExport.parse(await (await fetch(file?.url ?? '')).json());
}

/** A team's second workspace with the same people in the same roles (the import matches them by e-mail). */
async function sameTeamElsewhere(team: Team): Promise<string> {
  const workspaceId = await createWorkspace(team.owner);
  await addMember(team.owner, workspaceId, team.admin, 'admin');
  await addMember(team.owner, workspaceId, team.member, 'member');
  return workspaceId;
}

/**
 * The export with every id replaced by what names it (a project's or label's name, a task's title, a
 * member's e-mail) and what an import may not keep the same left out (the workspace, its members' join
 * dates, ids, versions and the times the items were written), every list in a stable order.
 */
function comparable(document: WorkspaceExport): unknown {
  const names = new Map<string, string>();
  for (const member of document.members) names.set(member.id, `member ${member.email ?? member.name}`);
  for (const label of document.labels) names.set(label.id, `label ${label.name}`);
  for (const project of document.projects) names.set(project.id, `project ${project.name}`);
  for (const task of document.tasks) names.set(task.id, `task ${task.title}`);
  const dropped = new Set(['id', 'workspaceId', 'createdAt', 'updatedAt', 'version', 'archivedAt']);
  const named = (value: unknown): unknown => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(named).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).filter(([key]) => !dropped.has(key)).map(([key, inner]) => [key, named(inner)]));
    return value;
  };
  const { labels, projects, tasks, milestones, notes, links, comments, attachments } = document;
  return named({ labels, projects, tasks, milestones, notes, links, comments, attachments });
}

describe('imports through the local HTTP API, the import worker and the S3 stand-in', () => {
  it('imports a TaskFlow export into a new workspace without loss: exported again, it is the same document (ids and dates aside)', async () => {
    const team = await createTeam();
    const api = projectApi(config, team.owner);
    const { workspaceId } = team;
    const label = async (name: string, color: string) => labelResponse.parse((await api.call('POST', `/workspaces/${workspaceId}/labels`, { name, color })).body).label;
    const [urgent, later] = [await label('Urgent', '#EF4444'), await label('Later', '#22C55E')];
    const apollo = await api.createProject(workspaceId, { name: 'Apollo', description: 'To the moon', color: '#10B981', deadline: '2027-03-01', priority: 'high', preferredDays: ['monday', 'friday'] });
    const gemini = await api.createProject(workspaceId, { name: 'Gemini' });
    const launch = await api.createTask(workspaceId, apollo.id, { title: 'Launch', description: 'Go', priority: 'high', dueDate: '2026-12-20', timeEstimate: 90, assignedTo: team.member.userId, labelIds: [urgent.id, later.id] });
    await api.createTask(workspaceId, apollo.id, { title: 'Countdown', parentId: launch.id, assignedTo: team.admin.userId });
    await api.createTask(workspaceId, apollo.id, { title: 'Fuel', status: 'completed', blockedBy: [{ projectId: apollo.id, taskId: launch.id }] });
    await api.createTask(workspaceId, apollo.id, { title: 'Weekly review', dueDate: '2026-12-14', repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due', timeZone: 'Europe/Berlin' } });
    const elsewhere = await api.createTask(workspaceId, gemini.id, { title: 'Elsewhere', status: 'in_progress' });
    await api.createMilestone(workspaceId, apollo.id, { title: 'Beta', description: 'First flight', dueDate: '2027-01-15' });
    await api.createNote(workspaceId, gemini.id, { title: 'Minutes', content: '# Notes\n\n- one' });
    expect((await api.call('POST', `/workspaces/${workspaceId}/links`, { url: 'https://example.com/docs', category: 'Others', title: 'Docs' })).status).toBe(201);
    const comment = async (user: TestUser, projectId: string, taskId: string, body: string) =>
      expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${taskId}/comments`, { token: user.idToken, body: { body } })).status).toBe(201);
    await comment(team.member, apollo.id, launch.id, 'Member says hi');
    await comment(team.owner, gemini.id, elsewhere.id, 'Owner elsewhere');
    // A comment on a project itself, mentioning a member.
    const onApollo = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/comments`, { token: team.admin.idToken, body: { body: `Apollo is on track, @[${team.member.userId}]` } });
    expect(onApollo.status).toBe(201);

    const original = await exported(team.owner, workspaceId);
    const bytes = Buffer.from(JSON.stringify(original, null, 2));
    const target = await sameTeamElsewhere(team);
    const ready = await analysed(team.owner, target, bytes);
    expect(ready).toMatchObject({ status: 'ready', error: null, progress: { done: 0 } });
    expect(ready.preview).toMatchObject({
      create: { projects: 2, tasks: 4, subtasks: 1, labels: 2, comments: 3 },
      withDueDate: 2,
      completed: 1,
      assigneesUnmatched: [],
      skippedCount: 0,
    });
    expect(ready.preview?.assigneesMatched.map((match) => match.memberId).sort()).toEqual([team.member.userId, team.admin.userId].sort());
    const done = await imported(team.owner, target, bytes, { allowDuplicate: true });
    expect(done).toMatchObject({ status: 'done', error: null, report: { created: { projects: 2, tasks: 4, subtasks: 1, labels: 2, comments: 3 }, skipped: [], skippedCount: 0 } });
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.finishedAt).not.toBeNull();

    const again = await exported(team.owner, target);
    expect(comparable(again)).toEqual(comparable(original));
    expect(again.comments.filter((one) => one.taskId === undefined)).toEqual([
      expect.objectContaining({ projectId: again.projects.find((project) => project.name === 'Apollo')?.id, authorId: team.admin.userId, mentions: [team.member.userId] }),
    ]);
    // The project's counters, the task index and search see the imported tasks as any other.
    const [importedApollo] = again.projects.filter((project) => project.name === 'Apollo');
    const summary = await api.getProject(target, importedApollo?.id ?? '');
    expect(summary).toMatchObject({ taskCount: 4, completedTaskCount: 1, milestoneCount: 1, commentCount: 1 });
    const assigned = await callApi(config, 'GET', `/workspaces/${target}/tasks?by=activity`, { token: team.owner.idToken });
    expect(JSON.stringify(assigned.body)).toContain('Launch');
    await expect
      .poll(async () => JSON.stringify((await callApi(config, 'GET', `/workspaces/${target}/search?q=countdown`, { token: team.owner.idToken })).body), { timeout: 15_000 })
      .toContain('Countdown');
  }, 60_000);

  it('lets owners and admins import (members 403, outsiders 404), and keeps each workspace’s imports to itself', async () => {
    const team = await createTeam();
    const outsider = await newAccount();
    const bytes = Buffer.from('{"format": "taskflow.workspace-export"}');
    const body = { source: 'taskflow', fileName: 'export.json', size: bytes.length, sha256: sha256(bytes) };
    expect((await callApi(config, 'POST', imports(team.workspaceId), { token: team.member.idToken, body })).status).toBe(403);
    expect((await callApi(config, 'POST', imports(team.workspaceId), { token: outsider.idToken, body })).status).toBe(404);
    const ticket = await asked(team.admin, team.workspaceId, bytes);
    const one = `${imports(team.workspaceId)}/${ticket.import.id}`;
    for (const [method, path] of [['GET', one], ['GET', imports(team.workspaceId)], ['POST', `${one}/uploaded`], ['POST', `${one}/start`], ['DELETE', one]] as const) {
      expect({ method, path, status: (await callApi(config, method, path, { token: team.member.idToken })).status }).toEqual({ method, path, status: 403 });
      expect({ method, path, status: (await callApi(config, method, path, { token: outsider.idToken })).status }).toEqual({ method, path, status: 404 });
    }
    // The owner of another workspace reaches this import through their own workspace's path: 404.
    const elsewhere = await createWorkspace(team.owner);
    expect(await callApi(config, 'GET', `${imports(elsewhere)}/${ticket.import.id}`, { token: team.owner.idToken })).toMatchObject({ status: 404, body: { error: 'Import not found' } });
    expect(importList.parse((await callApi(config, 'GET', imports(elsewhere), { token: team.owner.idToken })).body).imports).toEqual([]);
    const listed = importList.parse((await callApi(config, 'GET', imports(team.workspaceId), { token: team.owner.idToken })).body).imports;
    expect(listed.map((job) => job.id)).toEqual([ticket.import.id]);
    expect(JSON.stringify(listed)).not.toContain(sha256(bytes));
  });

  it('asks before a file imported before is imported again (409), and refuses steps out of order with 409', async () => {
    const team = await createTeam();
    const original = await exported(team.owner, team.workspaceId);
    const bytes = Buffer.from(JSON.stringify(original));
    const first = await asked(team.owner, team.workspaceId, bytes);
    const one = `${imports(team.workspaceId)}/${first.import.id}`;
    // Not analysed yet: no start. Not uploaded yet: a 400 naming the file.
    expect((await callApi(config, 'POST', `${one}/start`, { token: team.owner.idToken })).status).toBe(409);
    expect(await callApi(config, 'POST', `${one}/uploaded`, { token: team.owner.idToken })).toMatchObject({ status: 400, body: { fields: [{ field: 'file' }] } });
    expect((await postFile(first, bytes)).status).toBe(204);
    expect((await callApi(config, 'POST', `${one}/uploaded`, { token: team.owner.idToken })).status).toBe(200);
    expect((await callApi(config, 'POST', `${one}/uploaded`, { token: team.owner.idToken })).status).toBe(409);
    expect((await settled(team.owner, team.workspaceId, first.import.id, 'analyzing')).status).toBe('ready');
    // Asking again before it was started is no duplicate yet.
    const second = await asked(team.owner, team.workspaceId, bytes);
    expect((await callApi(config, 'DELETE', `${imports(team.workspaceId)}/${second.import.id}`, { token: team.owner.idToken })).status).toBe(204);
    expect((await callApi(config, 'POST', `${one}/start`, { token: team.owner.idToken })).status).toBe(200);
    expect((await settled(team.owner, team.workspaceId, first.import.id, 'running')).status).toBe('done');
    expect((await callApi(config, 'POST', `${one}/start`, { token: team.owner.idToken })).status).toBe(409);
    expect((await callApi(config, 'DELETE', one, { token: team.owner.idToken })).status).toBe(409);
    const body = { source: 'taskflow', fileName: 'again.json', size: bytes.length, sha256: sha256(bytes) };
    const duplicate = await callApi(config, 'POST', imports(team.workspaceId), { token: team.owner.idToken, body });
    expect(duplicate).toMatchObject({ status: 409, body: { error: duplicateImportMessage(first.import.createdAt) } });
    expect((await callApi(config, 'POST', imports(team.workspaceId), { token: team.owner.idToken, body: { ...body, allowDuplicate: true } })).status).toBe(201);
    // Another workspace has not imported it.
    expect((await callApi(config, 'POST', imports(await createWorkspace(team.owner)), { token: team.owner.idToken, body })).status).toBe(201);
  });

  it('cancels before it runs (the file deleted), and refuses an upload of another size, deleting it', async () => {
    const team = await createTeam();
    const bytes = Buffer.from('{"format": "taskflow.workspace-export", "version": 1}');
    const ticket = await asked(team.owner, team.workspaceId, bytes);
    expect((await postFile(ticket, bytes)).status).toBe(204);
    const key = ticket.upload.fields.key ?? '';
    expect(key).toBe(`imports/${team.workspaceId}/${ticket.import.id}/source`);
    const s3 = new S3Client({ endpoint: inject('filesUrl'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const stored = async (objectKey: string) => s3.send(new HeadObjectCommand({ Bucket: 'taskflow-local-attachments', Key: objectKey })).then(() => true, () => false);
    expect(await stored(key)).toBe(true);
    expect((await callApi(config, 'DELETE', `${imports(team.workspaceId)}/${ticket.import.id}`, { token: team.owner.idToken })).status).toBe(204);
    expect(await stored(key)).toBe(false);
    expect(await read(team.owner, team.workspaceId, ticket.import.id)).toMatchObject({ status: 'cancelled', finishedAt: expect.any(String) });
    expect((await callApi(config, 'POST', `${imports(team.workspaceId)}/${ticket.import.id}/uploaded`, { token: team.owner.idToken })).status).toBe(409);

    // The presigned POST pins the size: a longer file is refused by the bucket itself.
    const other = await asked(team.owner, team.workspaceId, bytes, { allowDuplicate: true });
    expect((await postFile(other, Buffer.concat([bytes, Buffer.from(' ')]))).status).toBeGreaterThanOrEqual(400);
  });

  it('fails the writing when the file was replaced after its analysis (its SHA-256 is checked again by each run)', async () => {
    const team = await createTeam();
    const bytes = Buffer.from(JSON.stringify(await exported(team.owner, team.workspaceId)));
    const ready = await analysed(team.owner, team.workspaceId, bytes);
    expect(ready.status).toBe('ready');
    const s3 = new S3Client({ endpoint: inject('filesUrl'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const swapped = Buffer.from(bytes.toString('utf8').replace('taskflow.workspace-export', 'taskflow.workspace-exporT'));
    await s3.send(new PutObjectCommand({ Bucket: 'taskflow-local-attachments', Key: `imports/${team.workspaceId}/${ready.id}/source`, Body: swapped }));
    expect((await callApi(config, 'POST', `${imports(team.workspaceId)}/${ready.id}/start`, { token: team.owner.idToken })).status).toBe(200);
    expect(await settled(team.owner, team.workspaceId, ready.id, 'running')).toMatchObject({ status: 'failed', error: expect.stringContaining('SHA-256'), report: null });
  });

  it('fails a file that is not a TaskFlow export, or not the file chosen, with the reason, writing nothing', async () => {
    const team = await createTeam();
    const notExport = Buffer.from('{"cards": []}');
    expect(await analysed(team.owner, team.workspaceId, notExport)).toMatchObject({ status: 'failed', error: expect.stringContaining('not a TaskFlow export'), preview: null });
    const notJson = Buffer.from('Title,Owner\r\nLaunch,Ana\r\n');
    expect(await analysed(team.owner, team.workspaceId, notJson)).toMatchObject({ status: 'failed', error: 'The file is not valid JSON' });
    // The browser's hash is of another file.
    const bytes = Buffer.from('{"format": "taskflow.workspace-export", "version": 1}');
    const ticket = await callApi(config, 'POST', imports(team.workspaceId), { token: team.owner.idToken, body: { source: 'taskflow', fileName: 'export.json', size: bytes.length, sha256: 'b'.repeat(64) } });
    const upload = importUpload.parse(ticket.body);
    expect((await postFile(upload, bytes)).status).toBe(204);
    expect((await callApi(config, 'POST', `${imports(team.workspaceId)}/${upload.import.id}/uploaded`, { token: team.owner.idToken })).status).toBe(200);
    expect(await settled(team.owner, team.workspaceId, upload.import.id, 'analyzing')).toMatchObject({ status: 'failed', error: expect.stringContaining('SHA-256') });
    // A source without a reader yet says so.
    const trello = await callApi(config, 'POST', imports(team.workspaceId), { token: team.owner.idToken, body: { source: 'trello', fileName: 'board.json', size: bytes.length, sha256: sha256(bytes), allowDuplicate: true } });
    const trelloUpload = importUpload.parse(trello.body);
    expect((await postFile(trelloUpload, bytes)).status).toBe(204);
    expect((await callApi(config, 'POST', `${imports(team.workspaceId)}/${trelloUpload.import.id}/uploaded`, { token: team.owner.idToken })).status).toBe(200);
    const trelloJob = await settled(team.owner, team.workspaceId, trelloUpload.import.id, 'analyzing');
    expect(trelloJob.status).toBe('failed');
    expect(trelloJob.error).toMatch(/trello/i);
    expect((await projectApi(config, team.owner).call('GET', `/workspaces/${team.workspaceId}/projects`)).body).toEqual({ projects: [] });
  });

  it('reports a record that fails and goes on: a task that is no task, a comment whose task is missing; an unmatched author is named in the comment', async () => {
    const team = await createTeam();
    const base = await exported(team.owner, team.workspaceId);
    const at = '2026-05-03T10:00:00.000Z';
    const project = { id: 'p1', workspaceId: 'w', name: 'Hand-made', description: '', color: '#3B82F6', deadline: null, priority: 'medium', isFavorite: false, archived: false, archivedAt: null, preferredDays: [], createdBy: 'gone', createdAt: at, updatedAt: at, version: 1 };
    const task = (id: string, title: string, extra: object = {}) => ({ id, projectId: 'p1', title, description: '', status: 'todo', completed: false, completedAt: null, priority: 'low', dueDate: null, timeEstimate: null, assignedTo: null, createdBy: 'gone', createdAt: at, updatedAt: at, position: 1, version: 1, ...extra });
    const comment = (id: string, taskId: string, authorId: string) => ({ id, taskId, projectId: 'p1', authorId, body: 'Looks good', mentions: [], createdAt: at, updatedAt: at, edited: false });
    const document = {
      ...base,
      members: [...base.members, { id: 'gone', name: 'Ana Former', email: 'ana@former.example', role: 'member', joinedAt: at }],
      projects: [project],
      tasks: [task('t1', 'Kept'), task('t2', 'Broken', { status: 'someday' }), task('t3', 'Assigned to a stranger', { assignedTo: 'gone' })],
      comments: [comment('c1', 't1', 'gone'), comment('c2', 'missing-task', 'gone')],
      attachments: [{ id: 'a1', taskId: 't1', projectId: 'p1', fileName: 'plan.pdf', contentType: 'application/pdf', size: 10, uploadedBy: 'gone', createdAt: at, status: 'ready' }],
    };
    const bytes = Buffer.from(JSON.stringify(document));
    const ready = await analysed(team.owner, team.workspaceId, bytes);
    expect(ready.preview).toMatchObject({
      create: { projects: 1, tasks: 2, subtasks: 0, comments: 2 },
      assigneesMatched: [],
      assigneesUnmatched: ['Ana Former'],
      skipped: [{ where: 'task 2 (Broken)', reason: expect.stringContaining('status') }],
      skippedCount: 1,
    });
    expect(ready.preview?.notKept.map((entry) => entry.count)).toEqual([1]);
    const done = await imported(team.owner, team.workspaceId, bytes, { allowDuplicate: true });
    expect(done.status).toBe('done');
    expect(done.report).toMatchObject({ created: { projects: 1, tasks: 2, comments: 1 }, skippedCount: 2 });
    expect(done.report?.skipped.map((skip) => skip.reason)).toEqual([expect.stringContaining('status'), 'Its task is not in the file']);
    const [imported1] = listProjectsResponse.parse((await projectApi(config, team.owner).call('GET', `/workspaces/${team.workspaceId}/projects`)).body).projects;
    const items = await projectApi(config, team.owner).getProjectWithItems(team.workspaceId, imported1?.id ?? '');
    expect(items.tasks.map((one) => [one.title, one.assignedTo, one.createdBy])).toEqual(
      expect.arrayContaining([['Kept', null, team.owner.userId], ['Assigned to a stranger', null, team.owner.userId]]),
    );
    const kept = items.tasks.find((one) => one.title === 'Kept');
    const comments = await callApi(config, 'GET', `/workspaces/${team.workspaceId}/projects/${imported1?.id ?? ''}/tasks/${kept?.id ?? ''}/comments`, { token: team.owner.idToken });
    expect(JSON.stringify(comments.body)).toContain('Ana Former wrote on 2026-05-03:\\n\\nLooks good');
  });

  it('writes in chunks, starting again with its cursor when time runs out, a chunk written twice writes nothing twice, and tells nobody of what it wrote', async () => {
    useTestTable();
    process.env.AWS_ENDPOINT_URL_S3 = inject('filesUrl');
    process.env.ATTACHMENTS_BUCKET = 'taskflow-local-attachments';
    const { runImport } = await import('../../functions/imports/import-worker.js');
    const { getImportJob, updateImportJob } = await import('../../functions/data/imports.js');
    const team = await createTeam();
    const api = projectApi(config, team.owner);
    const project = await api.createProject(team.workspaceId, { name: 'Chunked' });
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const made = await api.createTask(team.workspaceId, project.id, { title, assignedTo: team.member.userId });
      expect((await callApi(config, 'POST', `/workspaces/${team.workspaceId}/projects/${project.id}/tasks/${made.id}/comments`, { token: team.member.idToken, body: { body: `On ${title}` } })).status).toBe(201);
    }
    const bytes = Buffer.from(JSON.stringify(await exported(team.owner, team.workspaceId)));
    const target = await sameTeamElsewhere(team);
    const ready = await analysed(team.owner, target, bytes);
    expect(ready.progress.total).toBe(11);
    // Running, as Start makes it, but run here with a tiny budget instead of by the gateway.
    expect(await updateImportJob(target, ready.id, { from: ['ready'] }, { status: 'running' })).toBe(true);
    const message = { importId: ready.id, workspaceId: target, phase: 'write' as const };
    const runAll = async () => {
      const progress: number[] = [];
      let next: unknown = message;
      while (next) {
        const run: unknown = next;
        next = undefined;
        await runImport(run, { timeLeftMs: () => 0, chunkSize: 3, continueWith: async (again) => void (next = again) });
        progress.push((await getImportJob(target, ready.id))?.progress.done ?? -1);
      }
      return progress;
    };
    expect(await runAll()).toEqual([3, 6, 9, 11]);
    const first = await getImportJob(target, ready.id);
    expect(first).toMatchObject({ status: 'done', report: { created: { projects: 1, tasks: 5, comments: 5 }, skippedCount: 0 } });
    const projects = async () => listProjectsResponse.parse((await api.call('GET', `/workspaces/${target}/projects`)).body);
    const [made] = (await projects()).projects;
    const before = await api.getProjectWithItems(target, made?.id ?? '');
    expect(before.taskCount).toBe(5);

    // The same records again from the start (as a run cut short before saving its cursor would): nothing new.
    expect(await updateImportJob(target, ready.id, { from: ['done'] }, { status: 'running', cursor: 0, written: { created: { projects: 0, tasks: 0, subtasks: 0, labels: 0, comments: 0 }, skipped: [], skippedCount: 0 } })).toBe(true);
    await runAll();
    expect(await getImportJob(target, ready.id)).toMatchObject({ status: 'done', report: first?.report });
    expect((await projects()).projects).toHaveLength(1);
    const after = await api.getProjectWithItems(target, made?.id ?? '');
    expect(after.taskCount).toBe(5);
    expect(after.tasks.map((task) => [task.id, task.version, task.commentCount])).toEqual(before.tasks.map((task) => [task.id, task.version, task.commentCount]));
    expect(after.tasks.every((task) => task.assignedTo === team.member.userId && task.commentCount === 1)).toBe(true);

    // Nobody is told of what the import wrote (assignments, comments); a task assigned afterwards tells as ever.
    const control = await api.createTask(target, made?.id ?? '', { title: 'After the import', assignedTo: team.member.userId });
    const taskNotices = async (user: TestUser) =>
      inboxPage.parse((await callApi(config, 'GET', '/inbox', { token: user.idToken })).body).notices.filter((notice) => notice.workspaceId === target && notice.taskId !== null);
    await expect.poll(async () => (await taskNotices(team.member)).map((notice) => notice.taskId), { timeout: 15_000 }).toEqual([control.id]);
    expect(await taskNotices(team.owner)).toEqual([]);
  }, 60_000);

  it('shows an analysis or a run that stopped moving as failed, instead of polling for ever', async () => {
    useTestTable();
    const { putImportJob } = await import('../../functions/data/imports.js');
    const { STALLED_AFTER_MS } = await import('../../functions/domain/imports.js');
    const team = await createTeam();
    const long = new Date(Date.now() - STALLED_AFTER_MS - 60_000).toISOString();
    const recent = new Date().toISOString();
    const job = (id: string, status: 'analyzing' | 'running', updatedAt: string) => ({
      id, workspaceId: team.workspaceId, source: 'taskflow' as const, fileName: 'export.json', size: 10, sha256: 'c'.repeat(64), status,
      requestedBy: team.owner.userId, createdAt: long, updatedAt, finishedAt: null, error: null, preview: null, progress: { done: 0, total: 0 }, report: null, cursor: 0,
    });
    await putImportJob(job('0000000001-stalledanalysis', 'analyzing', long));
    await putImportJob(job('0000000002-stalledrun', 'running', long));
    await putImportJob(job('0000000003-movingrun', 'running', recent));
    expect(await read(team.owner, team.workspaceId, '0000000001-stalledanalysis')).toMatchObject({ status: 'failed', error: expect.stringContaining('error on our side') });
    expect(await read(team.owner, team.workspaceId, '0000000002-stalledrun')).toMatchObject({ status: 'failed' });
    expect(await read(team.owner, team.workspaceId, '0000000003-movingrun')).toMatchObject({ status: 'running', error: null });
  });
});
