import { describe, expect, it } from 'vitest';
import { notePage } from '../../shared/schemas/note-index.js';
import { callApi } from './helpers.js';
import { config, newAccount } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

describe("the workspace's notes across its projects", () => {
  it('lists them newest edit first, page by page, follows moves and deletes, and refuses outsiders and foreign cursors', async () => {
    const owner = await newAccount();
    const api = projectApi(config, owner);
    const workspaceId = await api.createWorkspace('Notes');
    const [apollo, zephyr] = [(await api.createProject(workspaceId, { name: 'Apollo' })).id, (await api.createProject(workspaceId, { name: 'Zephyr' })).id];
    const first = await api.createNote(workspaceId, apollo, { title: 'First', content: 'a' });
    const second = await api.createNote(workspaceId, zephyr, { title: 'Second', content: 'b' });
    const third = await api.createNote(workspaceId, apollo, { title: 'Third', content: 'c' });
    const list = async (query = '') => notePage.parse((await api.call('GET', `/workspaces/${workspaceId}/notes${query}`)).body);

    expect((await list()).notes.map((note) => note.title)).toEqual(['Third', 'Second', 'First']);
    const page1 = await list('?limit=2');
    expect(page1.notes.map((note) => note.title)).toEqual(['Third', 'Second']);
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor ?? ''}`);
    expect(page2).toEqual({ notes: [expect.objectContaining({ title: 'First' })], nextCursor: null });

    // An edit brings a note to the top; a move to another project keeps one entry; a delete removes it.
    const moved = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${apollo}/notes/${first.id}`, { version: 1, title: 'First, moved', projectId: zephyr });
    expect(moved.status).toBe(200);
    expect((await list()).notes.map((note) => [note.title, note.projectId])).toEqual([
      ['First, moved', zephyr],
      ['Third', apollo],
      ['Second', zephyr],
    ]);
    expect((await api.call('DELETE', `/workspaces/${workspaceId}/projects/${apollo}/notes/${third.id}`)).status).toBe(204);
    expect((await list()).notes.map((note) => note.id)).toEqual([first.id, second.id]);

    const outsider = await newAccount();
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/notes`, { token: outsider.idToken })).status).toBe(404);
    const taskCursor = Buffer.from(JSON.stringify({ PK: 'x', SK: 'y', GSI5PK: `STATUS#${workspaceId}#todo`, GSI5SK: 'z' })).toString('base64url');
    expect(await api.call('GET', `/workspaces/${workspaceId}/notes?cursor=${taskCursor}`)).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
  });
});
