import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { searchResponse, type SearchResult } from '../../shared/schemas/search.js';
import { signUpAndSignIn } from './helpers.js';
import { tableClient, testTable } from './member-fixtures.js';
import { projectApi, storedItemKeys } from './project-fixtures.js';

const config = inject('webConfig');

/**
 * The workspace search through the local gateway. The index follows the table's stream (the fan-out), so
 * each expectation polls until the index has caught up with the writes before it.
 */
describe('searching a workspace', () => {
  let alice: ReturnType<typeof projectApi>;
  let bob: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let bobsWorkspaceId: string;

  const search = async (api: ReturnType<typeof projectApi>, q: string, inWorkspace = workspaceId): Promise<SearchResult[]> => {
    const response = await api.call('GET', `/workspaces/${inWorkspace}/search?${new URLSearchParams({ q }).toString()}`);
    expect(response.status).toBe(200);
    return searchResponse.parse(response.body).results;
  };
  const titlesFound = async (q: string) => (await search(alice, q)).map((result) => result.title);

  beforeAll(async () => {
    const [aliceUser, bobUser] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    alice = projectApi(config, aliceUser);
    bob = projectApi(config, bobUser);
    [workspaceId, bobsWorkspaceId] = await Promise.all([alice.createWorkspace('Search'), bob.createWorkspace('Elsewhere')]);
  });

  it('ranks all words over some, titles over note text, the phrase first, and finds every kind', async () => {
    const project = await alice.createProject(workspaceId, { name: 'Budget review' });
    await alice.createTask(workspaceId, project.id, { title: 'Review the budget' });
    await alice.createTask(workspaceId, project.id, { title: 'Budget reviewers meeting' });
    await alice.createNote(workspaceId, project.id, { title: 'Minutes', content: 'We went through the **budget** and the review dates.' });
    const link = await alice.call('POST', `/workspaces/${workspaceId}/links`, { url: 'https://sheets.example.com/b', category: 'Others', title: 'Budget spreadsheet' });
    expect(link.status).toBe(201);

    await expect.poll(() => titlesFound('budget review'), { timeout: 15_000 }).toEqual([
      'Budget review',
      'Budget reviewers meeting',
      'Review the budget',
      'Minutes',
      'Budget spreadsheet',
    ]);
    const results = await search(alice, 'Budget REVIEW');
    expect(results.map((result) => [result.kind, result.matchedAllWords, result.matchedIn])).toEqual([
      ['project', true, 'title'],
      ['task', true, 'title'],
      ['task', true, 'title'],
      ['note', true, 'text'],
      ['link', false, 'title'],
    ]);
    expect(results[0]).toMatchObject({ id: project.id, projectId: project.id, url: null });
    expect(results[4]).toMatchObject({ projectId: null, url: 'https://sheets.example.com/b' });
    // Folded diacritics and a prefix of a word match too.
    // The two titles starting with the word tie; the more recently written comes first.
    expect(await titlesFound('bùdg spreads')).toEqual(['Budget spreadsheet', 'Budget reviewers meeting', 'Budget review', 'Review the budget', 'Minutes']);
    expect((await search(alice, 'budget')).length).toBe(5);
    expect(await search(alice, '***')).toEqual([]);
  });

  it('finds a renamed item by its new words only, and forgets deleted items and the tasks of a deleted project', async () => {
    const project = await alice.createProject(workspaceId, { name: 'Harbour' });
    const task = await alice.createTask(workspaceId, project.id, { title: 'Paint the lighthouse' });
    const note = await alice.createNote(workspaceId, project.id, { title: 'Lighthouse keeper rota', content: '' });
    const doomed = await alice.createProject(workspaceId, { name: 'Doomed' });
    await alice.createTask(workspaceId, doomed.id, { title: 'Lighthouse lamp order' });
    await expect.poll(() => titlesFound('lighthouse'), { timeout: 15_000 }).toHaveLength(3);

    const renamed = await alice.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${task.id}`, { version: task.version, title: 'Paint the pier' });
    expect(renamed.status).toBe(200);
    expect((await alice.call('DELETE', `/workspaces/${workspaceId}/projects/${project.id}/notes/${note.id}`)).status).toBe(204);
    expect((await alice.call('DELETE', `/workspaces/${workspaceId}/projects/${doomed.id}`)).status).toBe(204);

    await expect.poll(() => titlesFound('lighthouse'), { timeout: 15_000 }).toEqual([]);
    await expect.poll(() => titlesFound('pier'), { timeout: 15_000 }).toEqual(['Paint the pier']);
    expect(await titlesFound('paint')).toEqual(['Paint the pier']);
  });

  it('follows a note moved to another project', async () => {
    const [from, to] = await Promise.all([alice.createProject(workspaceId, { name: 'From' }), alice.createProject(workspaceId, { name: 'To' })]);
    const note = await alice.createNote(workspaceId, from.id, { title: 'Wandering albatross', content: '' });
    await expect.poll(async () => (await search(alice, 'albatross')).map((result) => result.projectId), { timeout: 15_000 }).toEqual([from.id]);
    const moved = await alice.call('PATCH', `/workspaces/${workspaceId}/projects/${from.id}/notes/${note.id}`, { version: note.version, projectId: to.id });
    expect(moved.status).toBe(200);
    await expect.poll(async () => (await search(alice, 'albatross')).map((result) => result.projectId), { timeout: 15_000 }).toEqual([to.id]);
  });

  it("never finds another workspace's items, and refuses non-members with 404", async () => {
    const bobsProject = await bob.createProject(bobsWorkspaceId, { name: 'Zeppelin secrets' });
    await bob.createTask(bobsWorkspaceId, bobsProject.id, { title: 'Zeppelin hangar' });
    await expect.poll(async () => (await search(bob, 'zeppelin', bobsWorkspaceId)).length, { timeout: 15_000 }).toBe(2);
    expect(await titlesFound('zeppelin')).toEqual([]);
    const outsider = await alice.call('GET', `/workspaces/${bobsWorkspaceId}/search?q=zeppelin`);
    expect(outsider).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
  });

  it('deletes the index with its workspace', async () => {
    const doomedWorkspace = await bob.createWorkspace('Short-lived');
    const project = await bob.createProject(doomedWorkspace, { name: 'Ephemeral' });
    await bob.createTask(doomedWorkspace, project.id, { title: 'Ephemeral chores' });
    await expect.poll(async () => (await search(bob, 'ephemeral', doomedWorkspace)).length, { timeout: 15_000 }).toBe(2);
    expect((await bob.call('DELETE', `/workspaces/${doomedWorkspace}`)).status).toBe(204);
    await expect.poll(() => storedItemKeys(`SEARCH#${doomedWorkspace}`), { timeout: 15_000 }).toEqual([]);
  });

  it('stores no entries for a change the stream delivers after its workspace was deleted', async () => {
    const goneWorkspace = randomUUID();
    const orphan = { entity: 'Task', workspaceId: goneWorkspace, id: randomUUID(), projectId: randomUUID(), title: 'Orphaned paperwork', updatedAt: new Date().toISOString() };
    await tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: { PK: `TEST#${orphan.projectId}`, SK: `TASK#${orphan.id}`, ...orphan } }));
    // A change in a live workspace after it: once that one is found, the stream has passed the orphan.
    await bob.createProject(bobsWorkspaceId, { name: 'Paperwork afterwards' });
    await expect.poll(async () => (await search(bob, 'paperwork', bobsWorkspaceId)).length, { timeout: 15_000 }).toBe(1);
    expect(await storedItemKeys(`SEARCH#${goneWorkspace}`)).toEqual([]);
  });
});
