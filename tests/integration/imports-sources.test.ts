import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commentPage } from '../../shared/schemas/comment.js';
import type { CsvMapping, ImportView } from '../../shared/schemas/import.js';
import { listLabelsResponse } from '../../shared/schemas/label.js';
import { listProjectsResponse, type TaskView } from '../../shared/schemas/project.js';
import { callApi, type TestUser } from './helpers.js';
import { analysed, started } from './import-fixtures.js';
import { addMember, config, createTeam, createWorkspace, newAccount, type Account } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * Imports (issue 39) of the hand-written Trello, CSV, Todoist and Asana fixtures (tests/fixtures/imports)
 * end to end through the local HTTP API, the import worker and the S3 stand-in; what was written is read
 * back through the API as the app shows it.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));

/** An account whose display name is `name`: the import matches people without an e-mail by name. */
async function named(name: string, email?: string): Promise<Account> {
  const account = await newAccount(email);
  expect((await callApi(config, 'PATCH', '/profile', { token: account.idToken, body: { displayName: name } })).status).toBe(200);
  return account;
}

/** Everything the import wrote into the workspace: its projects by name, each with its tasks by title, and the labels' names by id. */
async function written(user: TestUser, workspaceId: string) {
  const api = projectApi(config, user);
  const projects = listProjectsResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/projects`)).body).projects;
  const labels = listLabelsResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/labels`)).body).labels;
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  const tasks: TaskView[] = [];
  for (const project of projects) tasks.push(...(await api.getProjectWithItems(workspaceId, project.id)).tasks);
  const task = (title: string): TaskView => {
    const found = tasks.find((one) => one.title === title);
    if (!found) throw new Error(`No task “${title}” was written`);
    return found;
  };
  const comments = async (title: string) => {
    const { id, projectId } = task(title);
    const page = await api.call('GET', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${id}/comments`);
    return commentPage.parse(page.body).comments.map((comment) => ({ authorId: comment.authorId, body: comment.body }));
  };
  return {
    projects,
    tasks,
    task,
    comments,
    labels: [...labelNames.values()].sort(),
    labelsOf: (title: string) => (task(title).labelIds ?? []).map((id) => labelNames.get(id)).sort(),
    projectOf: (title: string) => projects.find((project) => project.id === task(title).projectId)?.name,
  };
}

const done = (job: ImportView) => expect(job).toMatchObject({ status: 'done', error: null, finishedAt: expect.any(String) });

describe('imports of Trello, CSV, Todoist and Asana files through the local HTTP API, the import worker and the S3 stand-in', () => {
  it('imports the Trello board: lists as statuses and labels, checklists as sub-tasks, comments by their matched author, archived cards completed', async () => {
    const team = await createTeam();
    const [ana, bruno] = [await named('Ana Lima'), await named('bruno')];
    await addMember(team.owner, team.workspaceId, ana);
    await addMember(team.owner, team.workspaceId, bruno);
    const bytes = fixture('trello-board.json');
    const source = { source: 'trello', fileName: 'board.json' };

    const ready = await analysed(team.owner, team.workspaceId, bytes, source);
    expect(ready).toMatchObject({ status: 'ready', error: null, progress: { done: 0 } });
    expect(ready.preview).toMatchObject({
      create: { projects: 1, tasks: 6, subtasks: 2, labels: 7, comments: 1 },
      labelsMatched: 0,
      withDueDate: 3,
      completed: 5,
      archived: 2,
      assigneesUnmatched: [],
      skippedCount: 3,
    });
    expect(ready.preview?.assigneesMatched.map(({ source: name, memberId }) => [name, memberId]).sort()).toEqual([['Ana Lima', ana.userId], ['bruno', bruno.userId]]);
    expect(ready.preview?.skipped).toEqual([
      { where: 'card 65a0f0e0a1b2c3d4e5f60107', reason: 'no title' },
      { where: 'comment 65a0f1000000000000000a02', reason: 'its card is not in the file' },
      { where: 'checklist “Of a deleted card”', reason: 'its card is not in the file' },
    ]);
    expect(Object.fromEntries(ready.preview?.notKept.map(({ what, count }) => [what, count]) ?? [])).toEqual({
      'Power-Up data is not imported': 1,
      'Members of a card past the first (its assignee) are not kept': 1,
      'Attachments are not imported': 2,
      'Votes are not imported': 1,
      'Stickers are not imported': 1,
      'Custom field values are not imported': 1,
      'Start dates are not imported': 1,
      'Checklist names are not kept (their items become sub-tasks)': 1,
    });

    const job = await started(team.owner, team.workspaceId, ready);
    done(job);
    expect(job.report).toMatchObject({ created: { projects: 1, tasks: 6, subtasks: 2, labels: 7, comments: 1 }, skippedCount: 3 });
    expect(job.progress.done).toBe(job.progress.total);

    const board = await written(team.owner, team.workspaceId);
    expect(board.projects.map((project) => [project.name, project.description, project.taskCount])).toEqual([['Website relaunch', 'Everything for the **new** site.', 8]]);
    expect(board.labels).toEqual(['Design', 'Doing', 'Done ✅', 'Parking lot', 'To Do', 'Urgent', 'yellow']);
    expect(board.tasks.filter((task) => task.parentId === undefined).map((task) => [task.title, task.status, task.completed]).sort()).toEqual([
      ['In an archived list', 'completed', true],
      ['Launch website 🚀', 'todo', false],
      ['Old idea', 'completed', true],
      ['Order the logo', 'completed', true],
      ['Pick the domain', 'completed', true],
      ['Write the copy', 'in_progress', false],
    ]);
    const launch = board.task('Launch website 🚀');
    expect(launch).toMatchObject({ description: 'The launch, with "quotes", commas, and\nnew lines.', dueDate: '2024-02-01', assignedTo: ana.userId, createdBy: team.owner.userId, commentCount: 1 });
    expect(board.labelsOf('Launch website 🚀')).toEqual(['Design', 'To Do', 'yellow']);
    expect(board.task('Pick the domain')).toMatchObject({ assignedTo: bruno.userId, dueDate: null });
    expect(board.labelsOf('Pick the domain')).toEqual(['Done ✅', 'Urgent']);
    expect(board.task('Order the logo').dueDate).toBe('2024-01-20');
    expect(board.tasks.filter((task) => task.parentId !== undefined).map((task) => [task.title, task.parentId, task.status, task.dueDate, task.assignedTo])).toEqual([
      ['Check the links', launch.id, 'completed', null, null],
      ['Test on phones', launch.id, 'todo', '2024-01-30', ana.userId],
    ]);
    expect(await board.comments('Launch website 🚀')).toEqual([{ authorId: ana.userId, body: 'Looks great, ship it 👍\nBut check the footer, please.' }]);

    // Into a workspace where nobody is Ana: the comment is the importer's, naming her; the tasks unassigned.
    // It has a label "URGENT" already: the board's "Urgent" is that one, not a new one, and the preview says so.
    const alone = await createWorkspace(team.owner);
    expect((await callApi(config, 'POST', `/workspaces/${alone}/labels`, { token: team.owner.idToken, body: { name: 'URGENT', color: '#EF4444' } })).status).toBe(201);
    const elsewhere = await analysed(team.owner, alone, bytes, { ...source, allowDuplicate: true });
    expect(elsewhere.preview).toMatchObject({ create: { labels: 6 }, labelsMatched: 1, assigneesMatched: [], assigneesUnmatched: ['Ana Lima', 'bruno'] });
    const intoAlone = await started(team.owner, alone, elsewhere);
    done(intoAlone);
    expect(intoAlone.report?.created.labels).toBe(6);
    const unmatched = await written(team.owner, alone);
    expect(unmatched.labels).toEqual(['Design', 'Doing', 'Done ✅', 'Parking lot', 'To Do', 'URGENT', 'yellow']);
    expect(unmatched.labelsOf('Pick the domain')).toEqual(['Done ✅', 'URGENT']);
    expect(unmatched.tasks.every((task) => task.assignedTo === null)).toBe(true);
    expect(await unmatched.comments('Launch website 🚀')).toEqual([{ authorId: team.owner.userId, body: 'Ana Lima wrote on 2024-01-12:\n\nLooks great, ship it 👍\nBut check the footer, please.' }]);
  }, 60_000);

  it('imports a CSV with a mapping: a project per value of the project column, parents as sub-tasks, assignees by e-mail', async () => {
    const team = await createTeam();
    // Named otherwise than in the file: matched by the address alone.
    const [ana, bruno] = [await named('A. L.', 'ana@example.com'), await named('B. C.', 'bruno@example.com')];
    await addMember(team.owner, team.workspaceId, ana);
    await addMember(team.owner, team.workspaceId, bruno);
    const mapping: CsvMapping = { title: 'Task name', description: 'Notes', status: 'State', priority: 'Importance', dueDate: 'Due', assignee: 'Owner', labels: 'Tags', parent: 'Parent', comments: 'Comment', project: 'List' };

    const ready = await analysed(team.owner, team.workspaceId, fixture('generic-tasks.csv'), { source: 'csv', fileName: 'Team tasks.csv', mapping });
    expect(ready.preview).toMatchObject({
      create: { projects: 3, tasks: 4, subtasks: 2, labels: 3, comments: 1 },
      withDueDate: 3,
      completed: 2,
      archived: 0,
      assigneesUnmatched: ['Carla'],
      skipped: [{ where: 'row 7', reason: 'no title' }],
      skippedCount: 1,
    });
    expect(ready.preview?.assigneesMatched.map(({ source, memberId }) => [source, memberId]).sort()).toEqual([['Ana Lima', ana.userId], ['bruno@example.com', bruno.userId]]);
    const job = await started(team.owner, team.workspaceId, ready);
    done(job);
    expect(job.report).toMatchObject({ created: { projects: 3, tasks: 4, subtasks: 2, labels: 3, comments: 1 }, skippedCount: 1 });

    const sheet = await written(team.owner, team.workspaceId);
    expect(sheet.projects.map((project) => project.name).sort()).toEqual(['Marketing', 'Team tasks', 'Website']);
    expect(sheet.labels).toEqual(['bug', 'launch', 'web']);
    const plan = sheet.task('Plan the launch 🚀');
    expect(plan).toMatchObject({ description: 'Line one\nline two, with a comma', status: 'in_progress', priority: 'high', dueDate: '2026-05-01', assignedTo: ana.userId });
    expect(sheet.labelsOf('Plan the launch 🚀')).toEqual(['launch', 'web']);
    expect(sheet.projectOf('Plan the launch 🚀')).toBe('Marketing');
    expect(sheet.task('Draft the e-mail')).toMatchObject({ parentId: plan.id, status: 'completed', completed: true, priority: 'low', dueDate: '2026-05-03', assignedTo: bruno.userId });
    // A grandchild is a sub-task of the top task; Carla is no member.
    expect(sheet.task('Review the e-mail')).toMatchObject({ parentId: plan.id, status: 'completed', assignedTo: null });
    expect(sheet.task('Fix the footer')).toMatchObject({ status: 'todo', priority: 'medium', dueDate: null });
    expect(sheet.task('Fix the footer').parentId).toBeUndefined();
    expect(sheet.projectOf('Fix the footer')).toBe('Website');
    expect(sheet.projectOf('Short row')).toBe('Team tasks');
    expect(sheet.task('=SUM(A1:A3)')).toMatchObject({ status: 'todo', dueDate: null });
    expect(await sheet.comments('Plan the launch 🚀')).toEqual([{ authorId: team.owner.userId, body: 'Someone wrote:\n\nKick-off on Monday' }]);
  }, 60_000);

  it('imports the Todoist and Asana exports', async () => {
    const team = await createTeam();
    const todoist = await analysed(team.owner, team.workspaceId, fixture('todoist-project.csv'), { source: 'todoist', fileName: 'Trip plan.csv' });
    expect(todoist.preview).toMatchObject({ create: { projects: 1, tasks: 4, subtasks: 2, labels: 3, comments: 1 } });
    const trip = await started(team.owner, team.workspaceId, todoist);
    done(trip);
    expect(trip.report?.created).toEqual(todoist.preview?.create);

    const asana = await analysed(team.owner, team.workspaceId, fixture('asana-project.csv'), { source: 'asana', fileName: 'Asana export.csv' });
    expect(asana.preview).toMatchObject({ create: { projects: 3, tasks: 3, subtasks: 3, labels: 4, comments: 0 } });
    const site = await started(team.owner, team.workspaceId, asana);
    done(site);
    expect(site.report?.created).toEqual(asana.preview?.create);

    const both = await written(team.owner, team.workspaceId);
    expect(both.projects.map((project) => project.name).sort()).toEqual(['Asana export', 'Backend', 'Trip plan', 'Website']);
    expect(both.task('Plan the trip')).toMatchObject({ description: 'Flights, hotel\nand the car', priority: 'high', dueDate: '2026-05-01', assignedTo: null });
    expect(both.labelsOf('Plan the trip')).toEqual(['2026', 'travel']);
    expect(both.task('Design the homepage')).toMatchObject({ description: 'Notes with "quotes", commas\nand two lines', dueDate: '2026-02-01', priority: 'high', status: 'todo' });
    expect(both.projectOf('Design the homepage')).toBe('Website');
    expect(both.task('Pick colours 🎨')).toMatchObject({ parentId: both.task('Design the homepage').id, status: 'completed' });
  }, 60_000);
});
