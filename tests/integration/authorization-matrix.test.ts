import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { httpRoutes, type HttpRoute } from '../../shared/routes.js';
import { createdApiTokenResponse } from '../../shared/schemas/api-token.js';
import { inboxPage } from '../../shared/schemas/inbox.js';
import { listWorkspacesResponse, TWO_FACTOR_REQUIRED, workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn, turnOnTwoFactor, type TestUser } from './helpers.js';

const config = inject('webConfig');

/**
 * A valid body for every route that takes one, so the matrix reaches authorization rather than
 * validation. A new route with a body fails here until it has a sample.
 */
const sampleBodies: Record<string, unknown> = {
  CreateWorkspace: { name: 'Sample' },
  CreateProject: { name: 'Sample' },
  UpdateProject: { version: 1, name: 'Sample' },
  CreateTask: { title: 'Sample' },
  UpdateTask: { version: 1, completed: true },
  MoveTask: { version: 1, status: 'completed', position: 1024 },
  RestoreTasks: { tasks: [{ projectId: 'sample', taskId: 'sample', version: 2, fields: { priority: 'low', dueDate: null, assignedTo: null, labelIds: [] } }] },
  BulkUpdateTasks: { tasks: [{ projectId: 'sample', taskId: 'sample', version: 1 }], change: { priority: 'high' } },
  BulkDeleteTasks: { tasks: [{ projectId: 'sample', taskId: 'sample', version: 1 }] },
  BulkMoveTasks: { tasks: [{ projectId: 'sample', taskId: 'sample', version: 1 }], projectId: 'sample' },
  RestoreMovedTasks: { tasks: [{ projectId: 'sample', taskId: 'sample', version: 2, back: { projectId: 'sample', position: 1024 } }] },
  RestoreDeletedTasks: { undoId: 'sample' },
  CreateMilestone: { title: 'Sample', dueDate: '2026-12-01' },
  UpdateMilestone: { version: 1, completed: true },
  CreateNote: { title: 'Sample', content: 'Sample' },
  UpdateNote: { version: 1, title: 'Sample' },
  AddMember: { email: 'sample@example.com', role: 'member' },
  UpdateMemberRole: { role: 'admin' },
  SendInvitation: { email: 'sample@example.com', role: 'member' },
  UpdateProfile: { displayName: 'Sample' },
  CheckSignIn: { password: 'Sample-password-1' },
  RenameConversation: { title: 'Sample' },
  UndoAssistantWrite: { token: 'sample-token' },
  ApplyAssistantProposal: { token: 'sample-token' },
  UndoAssistantWrites: { tokens: ['sample-token'] },
  GenerateWeeklyPlan: {},
  UpdateWorkspace: { version: 1, name: 'Sample' },
  CreateLink: { url: 'example.com', category: 'Others' },
  UpdateLink: { version: 1, title: 'Sample' },
  CreateComment: { body: 'Sample' },
  UpdateComment: { body: 'Sample' },
  CreateProjectComment: { body: 'Sample' },
  UpdateProjectComment: { body: 'Sample' },
  RestoreTrashEntry: {},
  RequestAttachmentUpload: { fileName: 'sample.txt', contentType: 'text/plain', size: 10 },
  RequestProjectAttachmentUpload: { fileName: 'sample.txt', contentType: 'text/plain', size: 10, commentId: 'sample' },
  CompleteAttachmentUpload: undefined,
  CompleteProjectAttachmentUpload: undefined,
  CreateLabel: { name: 'Sample' },
  UpdateLabel: { version: 1, name: 'Sample' },
  CreateWorkspaceExport: { scope: 'workspace' },
  CreatePersonalExport: undefined,
  CreateImport: { source: 'taskflow', fileName: 'export.json', size: 10, sha256: 'a'.repeat(64) },
  CompleteImportUpload: undefined,
  StartImport: undefined,
  ConnectGoogleAccount: { code: 'sample-code', state: 'sample-state' },
  SaveGoogleCalendarSettings: { calendars: [] },
  SyncGoogleCalendar: undefined,
  CreateSocketTicket: undefined,
  SaveCalendarFeed: { scope: 'mine' },
  McpMessage: { jsonrpc: '2.0', method: 'tools/list', id: 1 },
  CreateApiToken: { name: 'Sample', scope: 'read', workspaceId: null, expiresInDays: 30 },
  CreateWebhook: { url: 'https://example.com/hook', events: ['task.created'] },
  UpdateWebhook: { description: 'Sample' },
  RotateWebhookSecret: undefined,
  TestWebhook: undefined,
  MarkInboxNotice: { read: true },
  MarkAllInboxRead: undefined,
  CreateGoogleEvent: { accountId: 'sample', calendarId: 'primary', summary: 'Sample', date: '2026-12-01', startTime: '09:00', durationMinutes: 60 },
};

/** A valid query for every route that takes one, for the same reason. */
const sampleQueries: Record<string, string> = {
  ListTasks: '?by=activity',
  ListNotes: '',
  ListTaskHistory: '',
  ListComments: '',
  ListProjectComments: '',
  ListTrash: '',
  ListInbox: '',
  GetDashboard: '',
  SearchWorkspace: '?q=sample',
  ListGoogleEvents: '?from=2026-12-01&to=2026-12-31',
};

const protectedRoutes = httpRoutes.filter((route) => route.auth === 'user');
const workspaceRoutes = protectedRoutes.filter((route) => route.path.includes('{workspaceId}'));

function concretePath(route: HttpRoute, workspaceId: string): string {
  if (route.query && !(route.name in sampleQueries)) throw new Error(`Add a sample query for ${route.name} to the authorization matrix`);
  const path = route.path.replace('{workspaceId}', workspaceId).replace(/\{\w+\+?\}/g, 'unknown-id');
  return `${path}${sampleQueries[route.name] ?? ''}`;
}

function bodyFor(route: HttpRoute): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  if (!(route.name in sampleBodies)) throw new Error(`Add a sample body for ${route.name} to the authorization matrix`);
  return sampleBodies[route.name];
}

describe('authorization on every route of the route table', () => {
  let owner: TestUser;
  let outsider: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    [owner, outsider] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    const created = await callApi(config, 'POST', '/workspaces', { token: owner.idToken, body: { name: 'Guarded' } });
    workspaceId = workspaceResponse.parse(created.body).workspace.id;
  });

  it('covers at least the workspace routes', () => {
    expect(workspaceRoutes.map((route) => route.name)).toContain('GetWorkspace');
  });

  it.each(protectedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses a caller without a token with 401',
    async (_name, route) => {
      const response = await callApi(config, route.method, concretePath(route, 'any'), { body: bodyFor(route) });
      expect(response.status).toBe(401);
    },
  );

  it.each(workspaceRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s refuses a user of another workspace with 403 or 404, and changes nothing",
    async (_name, route) => {
      const before = await callApi(config, 'GET', '/workspaces', { token: owner.idToken });
      const response = await callApi(config, route.method, concretePath(route, workspaceId), {
        token: outsider.idToken,
        body: bodyFor(route),
      });
      expect([403, 404]).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain('Guarded');
      const after = await callApi(config, 'GET', '/workspaces', { token: owner.idToken });
      expect(listWorkspacesResponse.parse(after.body)).toEqual(listWorkspacesResponse.parse(before.body));
    },
  );

  it('answers an outsider 404 before looking at the rest of the request (a bad cursor is not reported to them)', async () => {
    const path = `/workspaces/${workspaceId}/tasks?by=activity&cursor=not-a-cursor`;
    const outsiderResponse = await callApi(config, 'GET', path, { token: outsider.idToken });
    expect(outsiderResponse.status).toBe(404);
    expect(outsiderResponse.body).toEqual({ error: 'Workspace not found' });
    const ownerResponse = await callApi(config, 'GET', path, { token: owner.idToken });
    expect(ownerResponse.status).toBe(400);
  });
});

describe("the inbox routes, which reach the caller's own inbox only", () => {
  let reader: TestUser;
  let other: TestUser;
  let noticeId: string;
  const inboxRoutes = protectedRoutes.filter((route) => route.path.startsWith('/inbox'));
  const readerInbox = async () => inboxPage.parse((await callApi(config, 'GET', '/inbox', { token: reader.idToken })).body).notices;

  beforeAll(async () => {
    [reader, other] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    // Being added to a workspace puts a notice in the reader's inbox (from the table's stream).
    await callApi(config, 'GET', '/workspaces', { token: reader.idToken });
    const created = await callApi(config, 'POST', '/workspaces', { token: other.idToken, body: { name: 'Guarded' } });
    const workspaceId = workspaceResponse.parse(created.body).workspace.id;
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: other.idToken, body: { email: reader.email, role: 'member' } })).status).toBe(201);
    noticeId = await vi.waitFor(
      async () => {
        const [notice] = await readerInbox();
        if (!notice) throw new Error('The notice is not written yet');
        return notice.id;
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('covers the four inbox routes', () => {
    expect(inboxRoutes.map((route) => route.name).sort()).toEqual(['CountUnreadInbox', 'ListInbox', 'MarkAllInboxRead', 'MarkInboxNotice']);
  });

  it.each(inboxRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s called by another user with the reader's notice shows and changes nothing of the reader's",
    async (_name, route) => {
      const before = await readerInbox();
      const response = await callApi(config, route.method, `${route.path.replace('{noticeId}', noticeId)}${sampleQueries[route.name] ?? ''}`, {
        token: other.idToken,
        body: bodyFor(route),
      });
      if (route.params) expect(response).toMatchObject({ status: 404, body: { error: 'Notice not found' } });
      else expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(noticeId);
      expect(await readerInbox()).toEqual(before);
      expect(before[0]?.read).toBe(false);
    },
  );
});

describe('a workspace that requires two-factor sign-in of its owners and admins, on every route', () => {
  let admin: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    const [owner, member] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    admin = member;
    const created = await callApi(config, 'POST', '/workspaces', { token: owner.idToken, body: { name: 'Guarded' } });
    workspaceId = workspaceResponse.parse(created.body).workspace.id;
    await callApi(config, 'GET', '/workspaces', { token: admin.idToken });
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: owner.idToken, body: { email: admin.email, role: 'admin' } })).status).toBe(201);
    await turnOnTwoFactor(config, owner);
    expect((await callApi(config, 'PATCH', `/workspaces/${workspaceId}`, { token: owner.idToken, body: { requireTwoFactor: true } })).status).toBe(200);
  });

  // Leaving, and dismissing the "you were added" notice, stay open to them; deleting is the owner's anyway.
  const stillOpen = ['LeaveWorkspace', 'AcknowledgeMembershipNotice'];
  const ownerOnly = ['DeleteWorkspace'];

  it.each(workspaceRoutes.filter((route) => !stillOpen.includes(route.name)).map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses an admin without two-factor sign-in with 403 TWO_FACTOR_REQUIRED',
    async (_name, route) => {
      const response = await callApi(config, route.method, concretePath(route, workspaceId), { token: admin.idToken, body: bodyFor(route) });
      expect(response.status).toBe(403);
      if (!ownerOnly.includes(route.name)) expect(response.body).toEqual({ error: TWO_FACTOR_REQUIRED });
    },
  );
});

describe('calls made with a personal API token, on every route', () => {
  let owner: TestUser;
  let workspaceId: string;
  let readToken: string;
  let otherWorkspaceToken: string;
  let readWriteToken: string;

  async function token(scope: 'read' | 'read-write', tokenWorkspaceId: string | null): Promise<string> {
    const response = await callApi(config, 'POST', '/api-tokens', { token: owner.idToken, body: { name: 'Matrix', scope, workspaceId: tokenWorkspaceId, expiresInDays: 30 } });
    return createdApiTokenResponse.parse(response.body).secret;
  }

  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
    const [created, other] = await Promise.all(
      ['Guarded', 'Elsewhere'].map((name) => callApi(config, 'POST', '/workspaces', { token: owner.idToken, body: { name } })),
    );
    workspaceId = workspaceResponse.parse(created?.body).workspace.id;
    const otherWorkspaceId = workspaceResponse.parse(other?.body).workspace.id;
    [readToken, otherWorkspaceToken, readWriteToken] = await Promise.all([token('read', workspaceId), token('read-write', otherWorkspaceId), token('read-write', null)]);
  });

  // The MCP server's messages are POSTs that may only read: it refuses a read token its write tools itself (mcp.test.ts).
  const writes = protectedRoutes.filter((route) => route.method !== 'GET' && route.protocol !== 'json-rpc');
  const tokenRoutes = protectedRoutes.filter((route) => route.refusesApiTokens);

  it.each(writes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s refuses a read token with 403', async (_name, route) => {
    const response = await callApi(config, route.method, concretePath(route, workspaceId), { token: readToken, body: bodyFor(route) });
    expect(response.status).toBe(403);
  });

  it.each(workspaceRoutes.filter((route) => !route.refusesApiTokens).map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers a token bound to another workspace 404, and changes nothing',
    async (_name, route) => {
      const before = await callApi(config, 'GET', '/workspaces', { token: owner.idToken });
      const response = await callApi(config, route.method, concretePath(route, workspaceId), { token: otherWorkspaceToken, body: bodyFor(route) });
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Guarded');
      const after = await callApi(config, 'GET', '/workspaces', { token: owner.idToken });
      expect(listWorkspacesResponse.parse(after.body)).toEqual(listWorkspacesResponse.parse(before.body));
    },
  );

  it('marks the token routes, the webhook routes, the inbox, the export and import routes, the password check and the socket ticket as refusing tokens', () => {
    const webhookRoutes = ['ListWebhooks', 'CreateWebhook', 'UpdateWebhook', 'DeleteWebhook', 'RotateWebhookSecret', 'TestWebhook', 'ListWebhookDeliveries'];
    const inboxRoutes = ['ListInbox', 'CountUnreadInbox', 'MarkInboxNotice', 'MarkAllInboxRead'];
    const exportRoutes = ['CreateWorkspaceExport', 'GetWorkspaceExport', 'CreatePersonalExport', 'GetPersonalExport'];
    const importRoutes = ['CreateImport', 'ListImports', 'GetImport', 'CompleteImportUpload', 'StartImport', 'CancelImport'];
    expect(tokenRoutes.map((route) => route.name).sort()).toEqual(
      ['CheckSignIn', 'CreateApiToken', 'CreateSocketTicket', 'ListApiTokens', 'ListWorkspaceApiTokens', 'RevokeApiToken', 'RevokeWorkspaceApiToken', ...webhookRoutes, ...inboxRoutes, ...exportRoutes, ...importRoutes].sort(),
    );
  });

  it.each(tokenRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s refuses even a read-write token for all workspaces with 403', async (_name, route) => {
    const response = await callApi(config, route.method, concretePath(route, workspaceId), { token: readWriteToken, body: bodyFor(route) });
    expect(response.status).toBe(403);
  });
});

describe('the unsubscribe route, which works without sign-in', () => {
  it('turns nothing off for a token it did not sign (made up, altered, or for another user), with 404', async () => {
    process.env.MAIL_LINK_KEY_FILE = inject('mailLinkKeyFile');
    const { signUnsubscribeToken } = await import('../../functions/mail/unsubscribe-token.js');
    const { userIdOf } = await import('./project-fixtures.js');
    const user = await signUpAndSignIn(config);
    const before = await callApi(config, 'GET', '/profile', { token: user.idToken });
    const real = await signUnsubscribeToken(userIdOf(user), 'mentions');
    const altered = [
      'v1.someone.mentions.c2lnbmF0dXJl',
      real.replace('.mentions.', '.weeklyReview.'),
      `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`,
      real.replace(userIdOf(user), 'another-user'),
    ];
    for (const token of altered) {
      const response = await callApi(config, 'POST', '/mail/unsubscribe', { body: { token } });
      expect({ token, status: response.status }).toEqual({ token, status: 404 });
    }
    expect((await callApi(config, 'GET', '/profile', { token: user.idToken })).body).toEqual(before.body);
  });
});
