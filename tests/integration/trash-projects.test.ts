import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_DESCRIPTION_MAX_LENGTH } from '../../shared/schemas/project.js';
import { searchResponse } from '../../shared/schemas/search.js';
import { taskPage } from '../../shared/schemas/task-index.js';
import { restoredTrashEntry, trashPage, type TrashEntryView } from '../../shared/schemas/trash.js';
import { callApi, type TestUser } from './helpers.js';
import { config, createTeam, queryTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/** Projects in the Trash (issue 37) through the local HTTP API: a delete keeps all it holds; Restore, in batches, brings it all back. */

type TrashData = typeof import('../../functions/data/trash.js');
type Operations = typeof import('../../functions/data/table-operations.js');
let trash: TrashData;
let operations: Operations;

beforeAll(async () => {
  useTestTable();
  trash = await import('../../functions/data/trash.js');
  operations = await import('../../functions/data/table-operations.js');
});

async function projectTrashTeam() {
  const team = await createTeam();
  const owner = projectApi(config, team.owner);
  const member = projectApi(config, team.member);
  const trashPath = `/workspaces/${team.workspaceId}/trash`;
  const projectPath = (projectId: string) => `/workspaces/${team.workspaceId}/projects/${projectId}`;
  const list = async (user: TestUser): Promise<TrashEntryView[]> => {
    const response = await callApi(config, 'GET', trashPath, { token: user.idToken });
    expect(response.status).toBe(200);
    return trashPage.parse(response.body).entries;
  };
  const restore = (user: TestUser, entryId: string, body: object = {}) => callApi(config, 'POST', `${trashPath}/${entryId}/restore`, { token: user.idToken, body });
  const comments = (taskId: string) =>
    queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :task)', ExpressionAttributeValues: { ':pk': `COMMENT#${team.workspaceId}`, ':task': `${taskId}#` } });
  const searchTitles = async (q: string) =>
    searchResponse.parse((await owner.call('GET', `/workspaces/${team.workspaceId}/search?q=${encodeURIComponent(q)}`)).body).results.map((result) => result.title);
  return { ...team, owner, member, trashPath, projectPath, list, restore, comments, searchTitles, users: team };
}

type Team = Awaited<ReturnType<typeof projectTrashTeam>>;

/** The member's project "Borealis": a task with a completed sub-task and a comment, a milestone and a note. */
async function borealis(t: Team) {
  const project = await t.member.createProject(t.workspaceId, { name: 'Borealis' });
  const task = await t.member.createTask(t.workspaceId, project.id, { title: 'Aurora launch' });
  const sub = await t.member.createTask(t.workspaceId, project.id, { title: 'Aurora sub', parentId: task.id, status: 'completed' });
  const milestone = await t.member.createMilestone(t.workspaceId, project.id);
  const note = await t.member.createNote(t.workspaceId, project.id);
  const commented = await callApi(config, 'POST', `${t.projectPath(project.id)}/tasks/${task.id}/comments`, { token: t.users.member.idToken, body: { body: 'Keep me' } });
  expect(commented.status).toBe(201);
  return { project, task, sub, milestone, note };
}

describe('projects in the Trash', () => {
  it('keeps a deleted project with its tasks, milestones, notes and comments, and Restore brings it all back: counts, index, search', async () => {
    const t = await projectTrashTeam();
    const { project, task, sub, milestone, note } = await borealis(t);
    await expect.poll(() => t.searchTitles('aurora'), { timeout: 15_000 }).toHaveLength(2);

    expect((await t.member.call('DELETE', t.projectPath(project.id))).status).toBe(204);
    expect((await t.member.call('GET', t.projectPath(project.id))).status).toBe(404);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `PROJ#${t.workspaceId}#${project.id}` } })).toEqual([]);
    await expect.poll(() => t.searchTitles('aurora'), { timeout: 15_000 }).toEqual([]);
    // The comment waits with its task in the Trash.
    expect(await t.comments(task.id)).toHaveLength(1);

    const [entry] = await t.list(t.users.member);
    expect(entry).toMatchObject({ kind: 'project', itemId: project.id, title: 'Borealis', projectId: project.id, projectName: 'Borealis', itemCount: 5, deletedBy: t.users.member.userId });
    expect(await t.list(t.users.admin)).toHaveLength(1);
    expect(await t.restore(t.users.member, entry?.id ?? '', { projectId: project.id })).toMatchObject({ status: 400, body: { fields: [{ field: 'projectId' }] } });

    const restored = await t.restore(t.users.member, entry?.id ?? '');
    expect(restored.status).toBe(200);
    expect(restoredTrashEntry.parse(restored.body)).toEqual({ kind: 'project', itemId: project.id, projectId: project.id, itemCount: 5 });
    const back = await t.member.getProjectWithItems(t.workspaceId, project.id);
    expect(back).toMatchObject({ name: 'Borealis', taskCount: 2, completedTaskCount: 1, milestoneCount: 1, noteCount: 1 });
    expect(back).not.toHaveProperty('deletingSince');
    expect(back.tasks.map(({ id }) => id).sort()).toEqual([task.id, sub.id].sort());
    expect(back.tasks.find(({ id }) => id === task.id)?.commentCount).toBe(1);
    expect(back.milestones.map(({ id }) => id)).toEqual([milestone.id]);
    expect(back.notes.map(({ id }) => id)).toEqual([note.id]);
    const comments = await t.member.call('GET', `${t.projectPath(project.id)}/tasks/${task.id}/comments`);
    expect(comments.status).toBe(200);
    const index = taskPage.parse((await t.member.call('GET', `/workspaces/${t.workspaceId}/tasks?by=activity`)).body);
    expect(index.tasks.map(({ id }) => id)).toContain(task.id);
    await expect.poll(() => t.searchTitles('aurora'), { timeout: 15_000 }).toHaveLength(2);
    // A child write works again (the deletion's mark is gone with the project's stored copy).
    expect((await t.member.call('POST', `${t.projectPath(project.id)}/tasks`, { title: 'After' })).status).toBe(201);

    // Twice is once; the trash is empty.
    expect(await t.restore(t.users.member, entry?.id ?? '')).toMatchObject({ status: 404 });
    expect(await t.list(t.users.owner)).toEqual([]);
  });

  it("shows a member only their own deleted projects, and Delete forever takes the tasks' comments", async () => {
    const t = await projectTrashTeam();
    const { project, task } = await borealis(t);
    const owners = await t.owner.createProject(t.workspaceId, { name: 'Owned' });
    expect((await t.member.call('DELETE', t.projectPath(project.id))).status).toBe(204);
    expect((await t.owner.call('DELETE', t.projectPath(owners.id))).status).toBe(204);

    expect((await t.list(t.users.member)).map(({ title }) => title)).toEqual(['Borealis']);
    const everything = await t.list(t.users.admin);
    expect(everything.map(({ title }) => title)).toEqual(['Owned', 'Borealis']);
    expect(await t.restore(t.users.member, everything[0]?.id ?? '')).toMatchObject({ status: 404 });

    const memberEntry = everything[1]?.id ?? '';
    expect((await callApi(config, 'DELETE', `${t.trashPath}/${memberEntry}`, { token: t.users.member.idToken })).status).toBe(403);
    expect((await callApi(config, 'DELETE', `${t.trashPath}/${memberEntry}`, { token: t.users.admin.idToken })).status).toBe(204);
    await expect.poll(() => t.comments(task.id), { timeout: 15_000 }).toEqual([]);
    expect(await t.restore(t.users.member, memberEntry)).toMatchObject({ status: 404 });
    expect((await t.list(t.users.owner)).map(({ title }) => title)).toEqual(['Owned']);
  });

  it('keeps a project of more than one transaction in parts, and a Restore cut off half-way is finished by another', async () => {
    const t = await projectTrashTeam();
    const project = await t.owner.createProject(t.workspaceId, { name: 'Large' });
    const description = 'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH);
    const TASKS = 130;
    for (let start = 0; start < TASKS; start += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, index) => t.owner.createTask(t.workspaceId, project.id, { title: `Bulk ${start + index}`, description })));
    }
    expect((await t.owner.call('DELETE', t.projectPath(project.id))).status).toBe(204);
    const [entry] = await t.list(t.users.owner);
    expect(entry).toMatchObject({ kind: 'project', itemCount: TASKS + 1 });
    const entryId = entry?.id ?? '';
    const parts = await queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :part)', ExpressionAttributeValues: { ':pk': `TRASH#${t.workspaceId}`, ':part': `PART#${entryId}#` } });
    expect(parts.length).toBeGreaterThanOrEqual(2);

    // A Restore that stopped after putting some items back: the entry is marked, Delete forever waits for it.
    const contents = await trash.readTrashEntry(t.workspaceId, entryId);
    if (!contents) throw new Error('the entry is not there');
    expect(await trash.markTrashRestoring(t.workspaceId, contents.entry)).toBe(true);
    await operations.batchPutItems(contents.items.slice(1, 40));
    expect((await t.list(t.users.owner))[0]).toMatchObject({ id: entryId, restoring: true });
    expect(await callApi(config, 'DELETE', `${t.trashPath}/${entryId}`, { token: t.users.owner.idToken })).toMatchObject({ status: 409 });
    expect((await t.owner.call('GET', t.projectPath(project.id))).status).toBe(404);

    expect((await t.restore(t.users.owner, entryId)).status).toBe(200);
    const back = await t.owner.getProjectWithItems(t.workspaceId, project.id);
    expect(back.taskCount).toBe(TASKS);
    expect(back.tasks).toHaveLength(TASKS);
    expect(await t.list(t.users.owner)).toEqual([]);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `TRASH#${t.workspaceId}` } })).toEqual([]);
  });
});
