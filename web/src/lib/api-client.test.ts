import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectsRoutes } from '@shared/routes/projects';
import { tasksRoutes } from '@shared/routes/tasks';
import { createProjectInput, updateTaskInput } from '@shared/schemas/project';
import { ApiError, apiErrorMessage, checkedBody, createApiClient, joinUrl, routeCaller } from './api-client';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function clientReturning(response: () => Response | Promise<Response>, token: string | null = 'id-token') {
  const calls: Call[] = [];
  const request = createApiClient({
    baseUrl: () => 'https://api.example.com/',
    getToken: async () => token ?? undefined,
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return response();
    },
  });
  return { request, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('joinUrl', () => {
  it('joins with exactly one slash', () => {
    expect(joinUrl('https://a.b/', '/workspaces')).toBe('https://a.b/workspaces');
    expect(joinUrl('https://a.b/prod', 'workspaces')).toBe('https://a.b/prod/workspaces');
  });
});

describe('apiRequest', () => {
  it("reports the authorizer's 401 as 'Not authenticated'", async () => {
    const { request } = clientReturning(() => json({ message: 'Unauthorized' }, 401));
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
  });

  it('sends the ID token and a JSON body, and parses the response with the schema', async () => {
    const { request, calls } = clientReturning(() => json({ id: 'w1', extra: true }, 201));
    const result = await request('/workspaces', { method: 'POST', body: { name: 'Acme' }, schema: z.object({ id: z.string() }) });

    expect(result).toEqual({ id: 'w1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.example.com/workspaces');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"name":"Acme"}');
    expect(calls[0]?.init?.headers).toMatchObject({ authorization: 'Bearer id-token', 'content-type': 'application/json' });
  });

  it('sends no Authorization header without a session and no body for GET', async () => {
    const { request, calls } = clientReturning(() => json({}), null);
    await request('/health');
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(calls[0]?.init?.method).toBe('GET');
  });

  it('throws an ApiError with the message and fields of an error body', async () => {
    const { request } = clientReturning(() =>
      json({ error: 'Validation failed', fields: [{ field: 'name', message: 'Workspace Name is required' }] }, 400),
    );
    const error = await request('/workspaces', { method: 'POST', body: { name: '' } }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Validation failed');
    expect(apiError.fieldMessage('name')).toBe('Workspace Name is required');
    expect(apiError.fieldMessage('other')).toBeUndefined();
  });

  it('throws a generic ApiError for an error without a readable body', async () => {
    const { request } = clientReturning(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', fields: [], hasErrorText: false });
  });

  it('throws when the response does not match the schema', async () => {
    const { request } = clientReturning(() => json({ nope: 1 }));
    await expect(request('/workspaces', { schema: z.object({ workspaces: z.array(z.string()) }) })).rejects.toMatchObject({
      status: 200,
      message: 'The server sent an unexpected response',
    });
  });

  it('throws status 0 when the server cannot be reached', async () => {
    const { request } = clientReturning(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 0 });
  });
});

describe('apiErrorMessage', () => {
  it("shows the server's text, else the fallback", () => {
    expect(apiErrorMessage(new ApiError(403, 'You do not have permission to do this'), 'Failed')).toBe('You do not have permission to do this');
    expect(apiErrorMessage(new ApiError(502, 'Request failed with status 502', [], false), 'Failed')).toBe('Failed');
    expect(apiErrorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });
});

describe('callRoute', () => {
  it('builds the URL from the route and its encoded parameters, checks the body and parses the answer with its schemas', async () => {
    const task = { id: 't 1', projectId: 'p1', title: 'Spec', description: '', status: 'todo', completed: false, completedAt: null, priority: 'medium' };
    const stored = { ...task, dueDate: null, timeEstimate: null, assignedTo: null, createdBy: 'u1', createdAt: 'x', updatedAt: 'x', position: 1, version: 2 };
    const { request, calls } = clientReturning(() => json({ task: stored }));
    const callRoute = routeCaller(request);
    const result = await callRoute(tasksRoutes.UpdateTask, { params: { workspaceId: 'w1', projectId: 'p1', taskId: 't 1' }, body: { version: 1, title: '  Spec  ' } });
    expect(result.task).toEqual(stored);
    expect(calls[0]?.url).toBe('https://api.example.com/workspaces/w1/projects/p1/tasks/t%201');
    expect(calls[0]?.init?.method).toBe('PATCH');
    expect(calls[0]?.init?.body).toBe('{"version":1,"title":"Spec"}');
  });

  it('puts the query in the URL, leaving out parts not given', async () => {
    const { request, calls } = clientReturning(() => json({ tasks: [], nextCursor: null }));
    await routeCaller(request)(tasksRoutes.ListTasks, { params: { workspaceId: 'w1' }, query: { by: 'due', to: '2026-12-01' } });
    expect(calls[0]?.url).toBe('https://api.example.com/workspaces/w1/tasks?by=due&to=2026-12-01');
  });

  it("refuses a body its schema refuses before sending anything, in the server's 400 shape", async () => {
    const { request, calls } = clientReturning(() => json({}));
    const error = await routeCaller(request)(tasksRoutes.CreateTask, { params: { workspaceId: 'w1', projectId: 'p1' }, body: { title: ' ' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 400, fields: [{ field: 'title', message: 'Title is required' }] });
    expect(calls).toHaveLength(0);
  });

  it('resolves a route without a response (204) to nothing', async () => {
    const { request } = clientReturning(() => new Response(null, { status: 204 }));
    await expect(routeCaller(request)(projectsRoutes.DeleteProject, { params: { workspaceId: 'w1', projectId: 'p1' } })).resolves.toBeUndefined();
  });
});

describe('checkedBody', () => {
  it('returns the parsed body with the defaults the server would apply', () => {
    expect(checkedBody(createProjectInput, { name: '  Launch  ' })).toEqual({
      name: 'Launch',
      description: '',
      color: '#3B82F6',
      deadline: null,
      priority: 'medium',
      preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
  });

  it("throws the server's 400 shape, naming each field", () => {
    const error = (() => {
      try {
        checkedBody(createProjectInput, { name: ' ', color: 'blue', deadline: '23/11/2026' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.fieldMessage('name')).toBe('Project Name is required');
    expect(apiError.fieldMessage('color')).toMatch(/hex colour/);
    expect(apiError.fieldMessage('deadline')).toBe('Must be a date in the form YYYY-MM-DD');
  });

  it('refuses a time estimate off the 15-minute step', () => {
    expect(() => checkedBody(updateTaskInput, { version: 1, timeEstimate: 20 })).toThrow(/steps of 15/);
  });
});
