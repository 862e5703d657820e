import { describe, expect, it } from 'vitest';
import { linkResponse, listLinksResponse } from '../../shared/schemas/link.js';
import { callApi } from './helpers.js';
import { addMember, config, createWorkspace, newAccount } from './member-fixtures.js';

describe('links through the local HTTP API', () => {
  it('stores a link as https, lists it for every member, edits it with its version and deletes it', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, member);
    const base = `/workspaces/${workspaceId}/links`;

    const created = await callApi(config, 'POST', base, {
      token: member.idToken,
      body: { url: '  example.com/docs?q=1 ', category: 'Design Tools', title: ' Docs ', description: '' },
    });
    expect(created.status).toBe(201);
    const { link } = linkResponse.parse(created.body);
    expect(link).toMatchObject({ url: 'https://example.com/docs?q=1', category: 'Design Tools', title: 'Docs', description: null, version: 1 });

    const listed = listLinksResponse.parse((await callApi(config, 'GET', base, { token: owner.idToken })).body);
    expect(listed.links).toEqual([link]);

    const updated = await callApi(config, 'PATCH', `${base}/${link.id}`, { token: owner.idToken, body: { version: 1, url: 'http://example.org', category: 'Business' } });
    expect(linkResponse.parse(updated.body).link).toMatchObject({ url: 'http://example.org/', category: 'Business', title: 'Docs', version: 2 });
    const stale = await callApi(config, 'PATCH', `${base}/${link.id}`, { token: member.idToken, body: { version: 1, title: 'Stale' } });
    expect(stale.status).toBe(409);

    expect((await callApi(config, 'DELETE', `${base}/${link.id}`, { token: member.idToken })).status).toBe(204);
    expect((await callApi(config, 'DELETE', `${base}/${link.id}`, { token: member.idToken })).status).toBe(404);
    expect(listLinksResponse.parse((await callApi(config, 'GET', base, { token: owner.idToken })).body).links).toEqual([]);
  });

  it.each([
    ['javascript:alert(1)', 'url'],
    ['data:text/html,<script>alert(1)</script>', 'url'],
    ['ftp://example.com', 'url'],
    ['not a url', 'url'],
    ['hello', 'url'],
    ['', 'url'],
    [`https://example.com/${'x'.repeat(2100)}`, 'url'],
  ])('refuses the url %j with 400 on %s, storing nothing', async (url, field) => {
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const response = await callApi(config, 'POST', `/workspaces/${workspaceId}/links`, { token: owner.idToken, body: { url, category: 'Others' } });
    expect(response).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    if (url === 'hello') expect(response.body).toMatchObject({ fields: [{ message: 'Please enter a valid URL or domain name' }] });
    expect(listLinksResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/links`, { token: owner.idToken })).body).links).toEqual([]);
  });

  it('refuses an unknown category, over-long or control-character text, and a member of another workspace', async () => {
    const owner = await newAccount();
    const outsider = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const base = `/workspaces/${workspaceId}/links`;
    const refused = async (body: object, field: string) =>
      expect(await callApi(config, 'POST', base, { token: owner.idToken, body })).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    await refused({ url: 'example.com', category: 'Recipes' }, 'category');
    await refused({ url: 'example.com', category: 'Others', title: 'x'.repeat(201) }, 'title');
    await refused({ url: 'example.com', category: 'Others', title: 'Bank\u202eknab' }, 'title');
    await refused({ url: 'example.com', category: 'Others', description: 'x'.repeat(1001) }, 'description');

    const created = linkResponse.parse((await callApi(config, 'POST', base, { token: owner.idToken, body: { url: 'example.com', category: 'Others' } })).body).link;
    expect((await callApi(config, 'GET', base, { token: outsider.idToken })).status).toBe(404);
    expect((await callApi(config, 'POST', base, { token: outsider.idToken, body: { url: 'example.com', category: 'Others' } })).status).toBe(404);
    expect((await callApi(config, 'PATCH', `${base}/${created.id}`, { token: outsider.idToken, body: { version: 1, title: 'Mine' } })).status).toBe(404);
    expect((await callApi(config, 'DELETE', `${base}/${created.id}`, { token: outsider.idToken })).status).toBe(404);
    expect(listLinksResponse.parse((await callApi(config, 'GET', base, { token: owner.idToken })).body).links).toEqual([created]);
  });
});
