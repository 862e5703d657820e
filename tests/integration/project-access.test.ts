import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProjectSummary } from '../../shared/schemas/project.js';
import { signUpAndSignIn } from './helpers.js';
import { projectApi } from './project-fixtures.js';

const config = inject('webConfig');

/**
 * Alice (workspace A) against Bob's project in workspace B: neither B's id in the path nor B's project id
 * under A's workspace gets her anywhere, and Bob's data stays as it was.
 */
describe('projects across workspaces', () => {
  let alice: ReturnType<typeof projectApi>;
  let bob: ReturnType<typeof projectApi>;
  let workspaceA: string;
  let projectA: ProjectSummary;
  let workspaceB: string;
  let projectB: ProjectSummary;
  let bobsTaskId: string;
  let bobsMilestoneId: string;
  let bobsNoteId: string;

  beforeAll(async () => {
    const [aliceUser, bobUser] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    alice = projectApi(config, aliceUser);
    bob = projectApi(config, bobUser);
    [workspaceA, workspaceB] = await Promise.all([alice.createWorkspace('A'), bob.createWorkspace('B')]);
    [projectA, projectB] = await Promise.all([alice.createProject(workspaceA), bob.createProject(workspaceB, { name: 'Secret' })]);
    bobsTaskId = (await bob.createTask(workspaceB, projectB.id)).id;
    bobsMilestoneId = (await bob.createMilestone(workspaceB, projectB.id)).id;
    bobsNoteId = (await bob.createNote(workspaceB, projectB.id)).id;
  });

  const attempts = (): [string, string, unknown][] => {
    const viaA = `/workspaces/${workspaceA}/projects/${projectB.id}`;
    const viaB = `/workspaces/${workspaceB}/projects/${projectB.id}`;
    return [viaA, viaB].flatMap((base): [string, string, unknown][] => [
      ['GET', base, undefined],
      ['PATCH', base, { version: 1, name: 'Taken' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/tasks`, { title: 'Planted' }],
      ['PATCH', `${base}/tasks/${bobsTaskId}`, { version: 1, completed: true }],
      ['POST', `${base}/tasks/${bobsTaskId}/move`, { version: 1, status: 'completed', position: 1 }],
      ['DELETE', `${base}/tasks/${bobsTaskId}`, undefined],
      ['POST', `${base}/milestones`, { title: 'Planted', dueDate: '2026-12-01' }],
      ['PATCH', `${base}/milestones/${bobsMilestoneId}`, { version: 1, completed: true }],
      ['DELETE', `${base}/milestones/${bobsMilestoneId}`, undefined],
      ['POST', `${base}/notes`, { title: 'Planted' }],
      ['PATCH', `${base}/notes/${bobsNoteId}`, { version: 1, projectId: projectA.id }],
      ['DELETE', `${base}/notes/${bobsNoteId}`, undefined],
    ]);
  };

  it("answers 404 for every route on another workspace's project, without a word about it", async () => {
    for (const [method, path, body] of attempts()) {
      const response = await alice.call(method, path, body);
      const error = (response.body as { error?: string } | undefined)?.error;
      const expected = path.startsWith(`/workspaces/${workspaceB}/`) ? 'Workspace not found' : expect.stringMatching(/^(Project|Task|Milestone|Note) not found$/);
      expect({ method, path, status: response.status, error }).toEqual({ method, path, status: 404, error: expected });
    }
  });

  it('does not list or move anything into another workspace', async () => {
    expect(await alice.call('GET', `/workspaces/${workspaceB}/projects`)).toEqual({ status: 404, body: { error: 'Workspace not found' } });
    const note = await alice.createNote(workspaceA, projectA.id);
    const move = await alice.call('PATCH', `/workspaces/${workspaceA}/projects/${projectA.id}/notes/${note.id}`, {
      version: 1,
      projectId: projectB.id,
    });
    expect(move).toEqual({ status: 404, body: { error: 'Project not found' } });
    expect((await alice.getProjectWithItems(workspaceA, projectA.id)).notes).toEqual([note]);
  });

  it("leaves Bob's project exactly as it was", async () => {
    const after = await bob.getProjectWithItems(workspaceB, projectB.id);
    expect(after).toMatchObject({ name: 'Secret', version: 1, taskCount: 1, milestoneCount: 1, noteCount: 1 });
    expect(after.tasks.map((task) => [task.id, task.version, task.completed])).toEqual([[bobsTaskId, 1, false]]);
    expect(after.milestones.map((milestone) => [milestone.id, milestone.version])).toEqual([[bobsMilestoneId, 1]]);
    expect(after.notes.map((note) => [note.id, note.version])).toEqual([[bobsNoteId, 1]]);
  });
});
