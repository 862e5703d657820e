import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { expect, inject } from 'vitest';
import type WebSocket from 'ws';
import { outboxMail, type OutboxMail } from '../../local/outbox.js';
import { memberResponse } from '../../shared/schemas/member.js';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, openSocket, signUpAndSignIn, type TestUser } from './helpers.js';

/** Shared set-up of the members, invitations, profile and deletion tests. */
export const config = inject('webConfig');

export interface Account extends TestUser {
  readonly userId: string;
}

/** A signed-up user who has opened the app once (so their profile exists and invitations find them). */
export async function newAccount(email?: string): Promise<Account> {
  const user = await signUpAndSignIn(config, email);
  const listed = await callApi(config, 'GET', '/workspaces', { token: user.idToken });
  expect(listed.status).toBe(200);
  const profile = await callApi(config, 'GET', '/profile', { token: user.idToken });
  return { ...user, userId: (profile.body as { profile: { userId: string } }).profile.userId };
}

export async function createWorkspace(owner: TestUser, name = `Team ${randomUUID().slice(0, 8)}`): Promise<string> {
  const created = await callApi(config, 'POST', '/workspaces', { token: owner.idToken, body: { name } });
  expect(created.status).toBe(201);
  return workspaceResponse.parse(created.body).workspace.id;
}

/** Adds an existing account to the workspace through the API, as `actor` (the owner unless given). */
export async function addMember(actor: TestUser, workspaceId: string, account: Account, role: 'member' | 'admin' = 'member'): Promise<void> {
  const added = await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, {
    token: actor.idToken,
    body: { email: account.email, role },
  });
  expect(added.status).toBe(201);
  expect(memberResponse.parse(added.body).member.role).toBe(role);
}

export interface Team {
  readonly workspaceId: string;
  readonly owner: Account;
  readonly admin: Account;
  readonly member: Account;
}

/** A workspace with one account per role. */
export async function createTeam(): Promise<Team> {
  const [owner, admin, member] = await Promise.all([newAccount(), newAccount(), newAccount()]);
  const workspaceId = await createWorkspace(owner);
  await addMember(owner, workspaceId, admin, 'admin');
  await addMember(owner, workspaceId, member, 'member');
  return { workspaceId, owner, admin, member };
}

export function accountOf(team: Team, role: WorkspaceRole): Account {
  return role === 'owner' ? team.owner : role === 'admin' ? team.admin : team.member;
}

/** An open WebSocket of the user, subscribed to the workspace's pushes (answered 'subscribed'). */
export async function subscribe(token: string, workspaceId: string): Promise<WebSocket> {
  const socket = await openSocket(config, token);
  const subscribed = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type?: string }).type === 'subscribed') resolve();
    }),
  );
  socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
  await subscribed;
  return socket;
}

/** Every mail the local stack sent (through SES to the outbox), newest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const response = await fetch(`${config.apiUrl}/_local/outbox.json`);
  expect(response.status).toBe(200);
  return outboxMail.array().parse(await response.json());
}

export async function mailsTo(email: string): Promise<OutboxMail[]> {
  return (await outbox()).filter((mail) => mail.to === email.toLowerCase());
}

const table = inject('table');
const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: table.endpoint, region: table.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);

/** Reads the test stack's table directly: for checks the API cannot make, such as "nothing is left". */
export async function queryTable(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, TableName: table.tableName, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export { documentClient as tableClient, table as testTable };

/** Points the data layer, loaded in this test process, at the test stack's table (for jobs and domain steps run directly). */
export function useTestTable(): void {
  process.env.TABLE_NAME = table.tableName;
  process.env.AWS_REGION = table.region;
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  process.env.AWS_ENDPOINT_URL_DYNAMODB = table.endpoint;
}
