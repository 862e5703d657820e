import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMilestone, aNote, aProject, aTask } from '../../shared/testing/project-views.js';

/**
 * The data layer of projects straight against the test stack's DynamoDB Local, for what the API cannot
 * provoke on demand: a write losing a race after its read, ids that are prefixes of each other, and a
 * listing larger than one Query page. Ports and table name come from tests/integration/global-setup.ts.
 */
process.env.TABLE_NAME = 'taskflow-test';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'local';
process.env.AWS_SECRET_ACCESS_KEY = 'local';
process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://localhost:${Number(process.env.TEST_PORT_BASE ?? 18000)}`;

type Projects = typeof import('../../functions/data/projects.js');
type Workspaces = typeof import('../../functions/data/workspace.js');
type Children = typeof import('../../functions/data/project-children.js');
type Project = import('../../functions/data/projects.js').Project;

const now = new Date().toISOString();

// Fresh ids: the stack's table is shared by every test of the run.
const project = (workspaceId: string, id: string = randomUUID()): Project => aProject({ id, workspaceId });
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
      { id, name: 'Data', slug: 'data', createdAt: now, createdBy: 'user' },
      { workspaceId: id, userId: 'user', role: 'owner', email: '', createdAt: now },
    );
    return id;
  }

  beforeAll(async () => {
    projects = await import('../../functions/data/projects.js');
    children = await import('../../functions/data/project-children.js');
    workspaces = await import('../../functions/data/workspace.js');
    workspaceId = await newWorkspace();
  });

  it('creates a project only while its workspace exists (a deletion may be running)', async () => {
    const gone = randomUUID();
    expect(await projects.createProject(project(gone))).toBe('no-workspace');
    expect(await projects.listProjectTrees(gone)).toEqual([]);
    expect(await projects.createProject(project(workspaceId))).toBe('written');
  });

  it('tells a stale version from a vanished item when a conditional write loses', async () => {
    const stored = project(workspaceId);
    await projects.createProject(stored);
    expect(await projects.replaceProject({ ...stored, name: 'Second', version: 2 }, 1)).toBe('written');
    expect(await projects.replaceProject({ ...stored, name: 'Late', version: 2 }, 1)).toBe('stale');
    expect(await projects.replaceProject(project(workspaceId), 1)).toBe('missing');
    expect(await projects.getProjectTree(workspaceId, stored.id)).toMatchObject({ name: 'Second', version: 2 });

    const stale = task(stored.id);
    expect(await children.createChild('task', workspaceId, stale)).toBe('written');
    expect(await children.replaceChild('task', workspaceId, { ...stale, version: 2 }, 1)).toBe('written');
    expect(await children.replaceChild('task', workspaceId, { ...stale, title: 'Late', version: 2 }, 1)).toBe('stale');
    expect(await children.replaceChild('task', workspaceId, task(stored.id), 1)).toBe('missing');
    expect(await children.getChild('task', workspaceId, stored.id, stale.id)).toMatchObject({ title: 'Task', version: 2 });
  });

  it('creates a child only while its project exists', async () => {
    const orphan = aMilestone({ id: randomUUID(), projectId: randomUUID(), title: 'Nowhere' });
    expect(await children.createChild('milestone', workspaceId, orphan)).toBe('project-missing');
  });

  it('moves a note only at the version read and only to an existing project', async () => {
    const from = project(workspaceId);
    const to = project(workspaceId);
    await Promise.all([projects.createProject(from), projects.createProject(to)]);
    const stored = note(from.id);
    await children.createChild('note', workspaceId, stored);

    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: to.id, version: 2 }, 7)).toBe('stale');
    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: randomUUID(), version: 2 }, 1)).toBe('project-missing');
    expect(await children.moveNote(workspaceId, from.id, { ...note(from.id), projectId: to.id, version: 2 }, 1)).toBe('missing');
    expect(await children.getChild('note', workspaceId, from.id, stored.id)).toEqual(stored);

    expect(await children.moveNote(workspaceId, from.id, { ...stored, projectId: to.id, version: 2 }, 1)).toBe('written');
    expect(await children.getChild('note', workspaceId, from.id, stored.id)).toBeUndefined();
    expect(await children.getChild('note', workspaceId, to.id, stored.id)).toMatchObject({ projectId: to.id, version: 2 });
  });

  it('keeps a project apart from another whose id it prefixes, on read and on delete', async () => {
    const short = project(workspaceId, `p-${randomUUID()}`);
    const long = project(workspaceId, `${short.id}0`);
    await Promise.all([projects.createProject(short), projects.createProject(long)]);
    const shortTask = task(short.id, 'Short');
    const longTask = task(long.id, 'Long');
    await children.createChild('task', workspaceId, shortTask);
    await children.createChild('task', workspaceId, longTask);

    const tree = await projects.getProjectTree(workspaceId, short.id);
    expect(tree?.id).toBe(short.id);
    expect(tree?.tasks.map((item) => item.id)).toEqual([shortTask.id]);
    expect((await children.listTaskPlaces(workspaceId, short.id))).toHaveLength(1);

    expect(await projects.deleteProjectTree(workspaceId, short.id)).toBe(true);
    expect(await projects.getProjectTree(workspaceId, short.id)).toBeUndefined();
    expect((await projects.getProjectTree(workspaceId, long.id))?.tasks.map((item) => item.id)).toEqual([longTask.id]);
  });

  it('lists a workspace larger than one Query page (1 MB) in full', async () => {
    const big = await newWorkspace();
    const stored = project(big);
    await projects.createProject(stored);
    const content = 'x'.repeat(50_000);
    for (let index = 0; index < 25; index += 1) await children.createChild('note', big, note(stored.id, content));
    const [listed] = await projects.listProjectTrees(big);
    expect(listed?.notes).toHaveLength(25);
  });
});
