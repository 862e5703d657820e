import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMilestone, aNote, aProject, aTask } from '../../shared/testing/project-views.js';
import { useTestTable } from './member-fixtures.js';

/**
 * The data layer of projects straight against the test stack's DynamoDB Local, for what the API cannot
 * provoke on demand: a write losing a race after its read, ids that are prefixes of each other, and a
 * project holding more than one Query page. Ports and table name come from tests/integration/global-setup.ts.
 */
useTestTable();

type Projects = typeof import('../../functions/data/projects.js');
type Workspaces = typeof import('../../functions/data/workspace.js');
type Children = typeof import('../../functions/data/project-children.js');
type ProjectFields = import('../../functions/data/projects.js').ProjectFields;

const now = new Date().toISOString();

// Fresh ids: the stack's table is shared by every test of the run.
const project = (workspaceId: string, id: string = randomUUID()): ProjectFields => {
  const { taskCount: _t, completedTaskCount: _c, milestoneCount: _m, noteCount: _n, ...fields } = aProject({ id, workspaceId });
  return fields;
};
const task = (projectId: string, title = 'Task') => aTask({ id: randomUUID(), projectId, title });
const note = (projectId: string, content = '') => aNote({ id: randomUUID(), projectId, content });

describe('projects data layer on DynamoDB Local', () => {
  let projects: Projects;
  let children: Children;
  let workspaces: Workspaces;
  let workspaceId: string;

  /** A workspace item with its owner, as the API creates it: projects are only created inside one. */
  async function newWorkspace(): Promise<string> {
    const id = randomUUID();
    await workspaces.createWorkspace(
      { id, name: 'Data', slug: 'data', createdAt: now, createdBy: 'user', autoWeeklyPlan: false, blockersMustBeDone: false, requireTwoFactor: false, apiTokensEnabled: true, allowNonExpiringTokens: false, version: 1 },
      { workspaceId: id, userId: 'user', role: 'owner', email: '', createdAt: now, noticeSeen: true },
    );
    return id;
  }

  beforeAll(async () => {
    projects = await import('../../functions/data/projects.js');
    children = await import('../../functions/data/project-children.js');
    workspaces = await import('../../functions/data/workspace.js');
    workspaceId = await newWorkspace();
  });

  it('creates a project, holding nothing, only while its workspace exists (a deletion may be running)', async () => {
    const gone = randomUUID();
    expect(await projects.createProject(project(gone))).toBe('no-workspace');
    expect(await projects.listProjects(gone)).toEqual([]);
    expect(await projects.createProject(project(workspaceId))).toMatchObject({ taskCount: 0, completedTaskCount: 0, milestoneCount: 0, noteCount: 0 });
  });

  it('tells a stale version from a vanished item when a conditional write loses', async () => {
    const stored = project(workspaceId);
    await projects.createProject(stored);
    expect(await projects.updateProject(workspaceId, stored.id, { name: 'Second', version: 2 }, 1)).toMatchObject({ name: 'Second', version: 2 });
    expect(await projects.updateProject(workspaceId, stored.id, { name: 'Late', version: 2 }, 1)).toBe('stale');
    expect(await projects.updateProject(workspaceId, randomUUID(), { name: 'Nobody', version: 2 }, 1)).toBe('missing');
    expect(await projects.getProject(workspaceId, stored.id)).toMatchObject({ name: 'Second', version: 2 });

    const stale = task(stored.id);
    expect(await children.createChild('task', workspaceId, stale, { author: 'user' })).toBe('written');
    expect(await children.replaceChild('task', workspaceId, { ...stale, version: 2 }, 1)).toBe('written');
    expect(await children.replaceChild('task', workspaceId, { ...stale, title: 'Late', version: 2 }, 1)).toBe('stale');
    expect(await children.replaceChild('task', workspaceId, task(stored.id), 1)).toBe('missing');
    expect(await children.getChild('task', workspaceId, stored.id, stale.id)).toMatchObject({ title: 'Task', version: 2 });
  });

  it('creates a child only for an author who is a member, refusing that first, and nothing is written', async () => {
    const home = project(workspaceId);
    await projects.createProject(home);
    const outsiders = task(home.id);
    const orphan = task(randomUUID());
    expect(await children.createChild('task', workspaceId, outsiders, { author: 'not-a-member', assignee: 'user' })).toBe('author-not-member');
    expect(await children.createChild('task', workspaceId, orphan, { author: 'not-a-member' })).toBe('author-not-member');
    expect(await children.getChild('task', workspaceId, home.id, outsiders.id)).toBeUndefined();
    expect(await projects.getProject(workspaceId, home.id)).toMatchObject({ taskCount: 0 });
  });

  it('creates a child only while its project exists, and a task only for an assignee who is a member', async () => {
    const orphan = aMilestone({ id: randomUUID(), projectId: randomUUID(), title: 'Nowhere' });
    expect(await children.createChild('milestone', workspaceId, orphan, { author: 'user' })).toBe('project-missing');
    const home = project(workspaceId);
    await projects.createProject(home);
    expect(await children.createChild('task', workspaceId, task(home.id), { author: 'user', assignee: 'not-a-member' })).toBe('assignee-missing');
    expect(await children.createChild('task', workspaceId, task(home.id), { author: 'user', assignee: 'user' })).toBe('written');
    expect(await projects.getProject(workspaceId, home.id)).toMatchObject({ taskCount: 1 });
  });

  it('moves a note only at the version read and only to an existing project, moving its count along', async () => {
    const from = project(workspaceId);
    const to = project(workspaceId);
    await Promise.all([projects.createProject(from), projects.createProject(to)]);
    const stored = note(from.id);
    await children.createChild('note', workspaceId, stored, { author: 'user' });

    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: to.id, version: 2 }, 7)).toBe('stale');
    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: randomUUID(), version: 2 }, 1)).toBe('project-missing');
    expect(await children.moveNote(workspaceId, from.id, { ...note(from.id), projectId: to.id, version: 2 }, 1)).toBe('missing');
    expect(await children.getChild('note', workspaceId, from.id, stored.id)).toEqual(stored);

    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: to.id, version: 2 }, 1)).toBe('written');
    expect(await children.getChild('note', workspaceId, from.id, stored.id)).toBeUndefined();
    expect(await children.getChild('note', workspaceId, to.id, stored.id)).toMatchObject({ projectId: to.id, version: 2 });
    expect(await projects.getProject(workspaceId, from.id)).toMatchObject({ noteCount: 0 });
    expect(await projects.getProject(workspaceId, to.id)).toMatchObject({ noteCount: 1 });
  });

  it('keeps a project apart from another whose id it prefixes, on read and on delete', async () => {
    const short = project(workspaceId, `p-${randomUUID()}`);
    const long = project(workspaceId, `${short.id}0`);
    await Promise.all([projects.createProject(short), projects.createProject(long)]);
    const shortTask = task(short.id, 'Short');
    const longTask = task(long.id, 'Long');
    await children.createChild('task', workspaceId, shortTask, { author: 'user' });
    await children.createChild('task', workspaceId, longTask, { author: 'user' });

    expect((await children.listProjectItems(workspaceId, short.id)).tasks.map((item) => item.id)).toEqual([shortTask.id]);
    expect(await children.listTaskPlaces(workspaceId, short.id)).toHaveLength(1);

    expect(await projects.deleteProjectTree(workspaceId, short.id)).toBe(true);
    expect(await projects.getProject(workspaceId, short.id)).toBeUndefined();
    expect((await children.listProjectItems(workspaceId, long.id)).tasks.map((item) => item.id)).toEqual([longTask.id]);
    expect((await projects.listProjects(workspaceId)).map((item) => item.id)).toContain(long.id);
  });

  it('writes no child under a project once its deletion has begun, and a deletion cut off there can be finished', async () => {
    const doomed = project(workspaceId);
    await projects.createProject(doomed);
    const kept = task(doomed.id, 'Written before');
    await children.createChild('task', workspaceId, kept, { author: 'user' });

    // Where a deletion cut off after its first step leaves the project: still there, but marked.
    expect(await projects.markDeleting(workspaceId, doomed.id)).toBe(true);
    expect(await children.createChild('task', workspaceId, task(doomed.id, 'Too late'), { author: 'user' })).toBe('project-deleting');
    expect(await children.createChild('note', workspaceId, note(doomed.id), { author: 'user' })).toBe('project-deleting');
    // Nor is a child's count moved: its deletion is refused too (the sweep takes it).
    expect(await children.deleteChild('task', workspaceId, kept)).toBe('project-deleting');
    expect(await projects.getProject(workspaceId, doomed.id)).toMatchObject({ id: doomed.id, taskCount: 1 });

    expect(await projects.deleteProjectTree(workspaceId, doomed.id)).toBe(true);
    expect(await projects.getProject(workspaceId, doomed.id)).toBeUndefined();
    expect(await children.listTaskPlaces(workspaceId, doomed.id)).toEqual([]);
    expect(await projects.markDeleting(workspaceId, doomed.id)).toBe(false);
    expect(await projects.deleteProjectTree(workspaceId, doomed.id)).toBe(false);
  });

  it('reads a project holding more than one Query page (1 MB) in full, and lists projects without their children', async () => {
    const big = await newWorkspace();
    const stored = project(big);
    await projects.createProject(stored);
    const content = 'x'.repeat(50_000);
    for (let index = 0; index < 25; index += 1) await children.createChild('note', big, note(stored.id, content), { author: 'user' });
    expect((await children.listProjectItems(big, stored.id)).notes).toHaveLength(25);
    const [listed] = await projects.listProjects(big);
    expect(listed).toMatchObject({ id: stored.id, noteCount: 25 });
    expect(listed).not.toHaveProperty('notes');
  });
});
