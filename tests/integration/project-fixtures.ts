import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { expect } from 'vitest';
import { localDynamoDbClient } from '../../local/dynamodb-local.js';
import {
  milestoneResponse,
  noteResponse,
  projectItems,
  projectResponse,
  taskResponse,
  type MilestoneView,
  type NoteView,
  type ProjectItems,
  type ProjectSummary,
  type TaskView,
} from '../../shared/schemas/project.js';
import { workspaceResponse } from '../../shared/schemas/workspace.js';
import type { WebConfig } from '../../shared/web-config.js';
import { callApi, type ApiResponse, type TestUser } from './helpers.js';

/** Calls that set up projects and their children for the issue 3 tests, failing loudly if one is refused. */
export function projectApi(config: WebConfig, user: TestUser) {
  const call = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    callApi(config, method, path, { token: user.idToken, body });

  async function expectStatus(response: Promise<ApiResponse>, status: number): Promise<unknown> {
    const { status: actual, body } = await response;
    expect({ status: actual, body }).toMatchObject({ status });
    return body;
  }

  return {
    call,
    async createWorkspace(name = 'Projects test'): Promise<string> {
      return workspaceResponse.parse(await expectStatus(call('POST', '/workspaces', { name }), 201)).workspace.id;
    },
    async createProject(workspaceId: string, body: object = { name: 'Launch' }): Promise<ProjectSummary> {
      return projectResponse.parse(await expectStatus(call('POST', `/workspaces/${workspaceId}/projects`, body), 201)).project;
    },
    async getProject(workspaceId: string, projectId: string): Promise<ProjectSummary> {
      return projectResponse.parse(await expectStatus(call('GET', `/workspaces/${workspaceId}/projects/${projectId}`), 200)).project;
    },
    /** The project's summary and, read separately as the project page does, what it holds. */
    async getProjectWithItems(workspaceId: string, projectId: string): Promise<ProjectSummary & ProjectItems> {
      const [summary, items] = await Promise.all([
        this.getProject(workspaceId, projectId),
        expectStatus(call('GET', `/workspaces/${workspaceId}/projects/${projectId}/items`), 200),
      ]);
      return { ...summary, ...projectItems.parse(items) };
    },
    async createTask(workspaceId: string, projectId: string, body: object = { title: 'Write copy' }): Promise<TaskView> {
      const path = `/workspaces/${workspaceId}/projects/${projectId}/tasks`;
      return taskResponse.parse(await expectStatus(call('POST', path, body), 201)).task;
    },
    async createMilestone(workspaceId: string, projectId: string, body: object = { title: 'Beta', dueDate: '2026-12-01' }): Promise<MilestoneView> {
      const path = `/workspaces/${workspaceId}/projects/${projectId}/milestones`;
      return milestoneResponse.parse(await expectStatus(call('POST', path, body), 201)).milestone;
    },
    async createNote(workspaceId: string, projectId: string, body: object = { title: 'Minutes', content: '# Notes' }): Promise<NoteView> {
      const path = `/workspaces/${workspaceId}/projects/${projectId}/notes`;
      return noteResponse.parse(await expectStatus(call('POST', path, body), 201)).note;
    },
  };
}

/**
 * Gives the user working time on every day of the week, 8 hours (the default is Monday to Friday): a weekly
 * plan test then plans the same whatever day it runs on.
 */
export async function workEveryDay(config: WebConfig, user: TestUser): Promise<void> {
  const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const response = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { workingTime: { days: everyDay, hoursPerDay: 8, daysOff: [] } } });
  expect(response.status).toBe(200);
}

/** The user id (Cognito sub) inside an ID token, to check createdBy. */
export function userIdOf(user: TestUser): string {
  const payload = user.idToken.split('.')[1] ?? '';
  return String((JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: unknown }).sub);
}

/**
 * The sort keys of the raw items of a partition of the test stack's table (under a sort-key prefix), to prove
 * a deletion left nothing behind (the API cannot show orphans, by design). Ports and table name come from
 * tests/integration/global-setup.ts.
 */
export async function storedItemKeys(partition: string, sortKeyPrefix = ''): Promise<string[]> {
  const client = localDynamoDbClient(`http://localhost:${Number(process.env.TEST_PORT_BASE ?? 18000)}`, 'us-east-1');
  try {
    const { Items } = await client.send(
      new QueryCommand({
        TableName: 'taskflow-test',
        KeyConditionExpression: sortKeyPrefix ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: partition }, ...(sortKeyPrefix ? { ':prefix': { S: sortKeyPrefix } } : {}) },
      }),
    );
    return (Items ?? []).map((item) => item.SK?.S ?? '');
  } finally {
    client.destroy();
  }
}
