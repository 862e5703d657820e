import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillPath, httpRoutes, pathParameterNames, routes } from './routes.js';

describe('the route table', () => {
  it('names every route by its key, once, with a unique method and path', () => {
    for (const [name, route] of Object.entries(routes)) expect(route.name).toBe(name);
    const signatures = httpRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(signatures).size).toBe(signatures.length);
  });

  it.each(httpRoutes.map((route) => [route.name, route] as const))('%s: its params schema names exactly the path parameters', (_name, route) => {
    const declared = route.params ? Object.keys(route.params._zod.def.shape).sort() : [];
    expect(declared).toEqual(pathParameterNames(route.path).sort());
  });

  it.each(httpRoutes.map((route) => [route.name, route] as const))('%s: a body only where a request carries one, a response unless 204', (_name, route) => {
    if (route.method === 'GET' || route.method === 'DELETE') expect(route.body).toBeUndefined();
    // An iCalendar answer is text, which no JSON schema describes.
    if (route.protocol !== 'icalendar') expect(route.response === undefined).toBe(route.status === 204);
    if (route.query) expect(route.method).toBe('GET');
  });

  it('gives reads only read access: a GET writes only where its handler must, a public route touches no data', () => {
    // Each of these GETs stores something on the way (see the comment beside its entry in routes.ts).
    const writingReads = ['ListWorkspaces', 'GetProfile', 'GetGoogleAuthUrl'];
    // A POST only because a password must not travel in a URL: it asks the user pool and keeps nothing.
    const checks = ['CheckSignIn'];
    // The MCP server's event stream, which it does not offer: always 405.
    const refusals = ['McpStream'];
    for (const route of httpRoutes.filter((candidate) => candidate.auth === 'user')) {
      if (checks.includes(route.name) || refusals.includes(route.name)) expect(route.dataAccess, route.name).toBe('none');
      else if (route.method !== 'GET') expect(route.dataAccess, route.name).toBe('write');
      else expect(route.dataAccess, route.name).toBe(writingReads.includes(route.name) ? 'write' : 'read');
    }
    expect(routes.Health.dataAccess).toBe('none');
    // Besides the health check and the API's reference, only the calendar feed, whose secret in the path is its
    // access, reads data, and only the unsubscribe link, whose signed token is its access, writes (one preference).
    expect(httpRoutes.filter((route) => route.auth === 'public').map((route) => [route.name, route.dataAccess])).toEqual([
      ['Health', 'none'],
      ['ServeCalendarFeed', 'read'],
      ['GetOpenApiDocument', 'none'],
      ['Unsubscribe', 'write'],
    ]);
  });

  it('fills a path with encoded parameters and refuses a missing one', () => {
    expect(fillPath(routes.RevokeInvitation.path, { workspaceId: 'w1', email: 'a+b@example.com' })).toBe('/workspaces/w1/invitations/a%2Bb%40example.com');
    expect(() => fillPath(routes.GetProject.path, { workspaceId: 'w1' })).toThrow('projectId');
  });

  it('refuses ids that could reach into another key: too long, empty, or with the key separator', () => {
    const params = routes.GetProject.params;
    expect(params.safeParse({ workspaceId: 'w-1', projectId: 'a'.repeat(64) }).success).toBe(true);
    for (const projectId of ['', 'a'.repeat(65), 'p#TASK', 'p/1', 'p 1']) {
      const result = params.safeParse({ workspaceId: 'w-1', projectId });
      expect({ projectId, success: result.success }).toEqual({ projectId, success: false });
      expect(result.error?.issues[0]?.path).toEqual(['projectId']);
    }
  });

  it('normalises an invitation address in the path as invitations are stored', () => {
    expect(routes.RevokeInvitation.params.parse({ workspaceId: 'w1', email: ' Ada%40Example.com ' }).email).toBe('ada@example.com');
    expect(z.string().safeParse(routes.RevokeInvitation.params.parse({ workspaceId: 'w1', email: '%E0%A4%A' }).email).success).toBe(true);
  });
});
