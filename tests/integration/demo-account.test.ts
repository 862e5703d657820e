import { describe, expect, inject, it } from 'vitest';
import { signIn } from '../../local/cognito-users.js';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccount } from '../../local/demo-account.js';
import { toCalendarDate } from '../../shared/rules/calendar-date.js';
import { listLabelsResponse } from '../../shared/schemas/label.js';
import { listProjectsResponse, projectItems } from '../../shared/schemas/project.js';
import { listWorkspacesResponse } from '../../shared/schemas/workspace.js';
import { callApi } from './helpers.js';

const config = inject('webConfig');

describe("npm start's demo account", () => {
  it('signs in to a workspace of sample projects dated from today, made once', async () => {
    await ensureDemoAccount(config);
    await ensureDemoAccount(config);
    const token = await signIn(config, DEMO_EMAIL, DEMO_PASSWORD);
    const { workspaces } = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token })).body);
    expect(workspaces.map((workspace) => workspace.name)).toEqual(['Demo Workspace']);
    const workspaceId = workspaces[0]?.id ?? '';
    const { projects } = listProjectsResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects`, { token })).body);
    expect(projects.map((project) => project.name).sort()).toEqual(['Mobile App', 'Website Relaunch']);
    const relaunch = projects.find((project) => project.name === 'Website Relaunch');
    // Five tasks of their own and three sub-tasks, one of them done.
    expect(relaunch).toMatchObject({ isFavorite: true, taskCount: 8, completedTaskCount: 2, milestoneCount: 2, noteCount: 1 });
    const items = projectItems.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${relaunch?.id}/items`, { token })).body);
    // As the seed dates them: the day where `npm start` runs.
    const today = toCalendarDate(new Date());
    // Something overdue and something due today, whenever the demo is started.
    expect(items.tasks.some((task) => !task.completed && task.dueDate !== null && task.dueDate < today)).toBe(true);
    expect(items.tasks.some((task) => task.dueDate === today)).toBe(true);
    // Labels on tasks, and a task that repeats (in the other project).
    const { labels } = listLabelsResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/labels`, { token })).body);
    expect(labels.map((label) => label.name).sort()).toEqual(['Bug', 'Content', 'Design']);
    const pricing = items.tasks.find((task) => task.title === 'Design the pricing page');
    expect(pricing?.labelIds?.map((id) => labels.find((label) => label.id === id)?.name)).toEqual(['Design', 'Content']);
    const copy = items.tasks.find((task) => task.title === 'Write the new homepage copy');
    expect(items.tasks.filter((task) => task.parentId === copy?.id).map((task) => [task.title, task.completed])).toEqual([
      ['Headline and intro', true],
      ['Feature blurbs', false],
      ['Call to action', false],
    ]);
    const mobile = projects.find((project) => project.name === 'Mobile App');
    const mobileItems = projectItems.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${mobile?.id}/items`, { token })).body);
    const checkIn = mobileItems.tasks.find((task) => task.title === 'Weekly beta check-in');
    expect(checkIn?.repeat?.rule).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(new Date(`${checkIn?.dueDate}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('fills in a demo account whose first start stopped before its workspace was made', async () => {
    await ensureDemoAccount(config);
    const token = await signIn(config, DEMO_EMAIL, DEMO_PASSWORD);
    const listed = async () => listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token })).body).workspaces;
    for (const workspace of await listed()) expect((await callApi(config, 'DELETE', `/workspaces/${workspace.id}`, { token })).status).toBe(204);
    expect(await listed()).toEqual([]);
    await ensureDemoAccount(config);
    const [workspace] = await listed();
    const { projects } = listProjectsResponse.parse((await callApi(config, 'GET', `/workspaces/${workspace?.id}/projects`, { token })).body);
    expect(projects).toHaveLength(2);
  });
});
