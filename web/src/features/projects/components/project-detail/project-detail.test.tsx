import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aLabel, aTask } from '@shared/testing/project-views';
import { renderWithApp, TEST_USER, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ProjectDetail } from './project-detail';
import { projectPageReads } from './project-page-reads';

/** The project page of p1, created by `createdBy`, seen by a user of the given role. */
async function projectMenuFor(role: 'owner' | 'admin' | 'member', createdBy: string) {
  server.use(...projectPageReads({ project: { createdBy } }));
  const { user } = renderWithApp(<ProjectDetail projectId="p1" />, { workspace: workspaceView({ role }) });
  await user.click(await screen.findByRole('button', { name: 'More project actions' }));
  return within(screen.getByRole('menu', { name: 'More project actions' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('the project page’s actions', () => {
  it('offer Delete to owners and admins on any project, and to a member only on one they created', async () => {
    expect(await projectMenuFor('member', 'someone-else')).toEqual(['Archive']);
  });

  it.each([
    ['member', TEST_USER.id],
    ['admin', 'someone-else'],
    ['owner', 'someone-else'],
  ] as const)('a %s sees Delete on a project created by %s', async (role, createdBy) => {
    expect(await projectMenuFor(role, createdBy)).toEqual(['Archive', 'Delete']);
  });
});

describe('the project’s own comments on their tab', () => {
  it('are there under a Comments heading with the project’s count, ready to write', async () => {
    server.use(...projectPageReads({ project: { commentCount: 2 } }));
    const { user } = renderWithApp(<ProjectDetail projectId="p1" />, { workspace: workspaceView() });
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    const section = await screen.findByRole('region', { name: 'Comments (2)' });
    expect(within(section).getByLabelText('Write a comment')).toBeVisible();
  });
});

describe('creating a task from the Overview', () => {
  it('shows the new task even past the first 3 To Do, and a toast opens it', async () => {
    const existing = [1, 2, 3].map((n) => aTask({ id: `t${n}`, projectId: 'p1', title: `Old ${n}`, position: n }));
    server.use(
      ...projectPageReads({ tasks: existing }),
      http.post(api('/workspaces/ws-1/projects/p1/tasks'), async ({ request }) => {
        const body = (await request.json()) as { title: string; position?: number };
        return HttpResponse.json({ task: aTask({ id: 't-new', projectId: 'p1', title: body.title, position: body.position ?? 4 }) }, { status: 201 });
      }),
    );
    const { user, location } = renderWithApp(<ProjectDetail projectId="p1" />, { workspace: workspaceView() });
    const todo = await screen.findByRole('region', { name: 'To Do' });
    expect(within(todo).getAllByRole('link').map((link) => link.textContent)).toEqual(['Old 1', 'Old 2', 'Old 3']);

    await user.click(screen.getAllByRole('button', { name: 'New Task' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Draft budget');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(within(todo).getAllByRole('link').map((link) => link.textContent)).toEqual(['Old 1', 'Old 2', 'Old 3', 'Draft budget']));
    const toast = await screen.findByText('Task “Draft budget” created');
    await user.click(within(toast.closest('[role="status"], li, div') as HTMLElement).getByRole('button', { name: 'Open' }));
    expect(location()).toBe('/projects/p1/tasks/t-new');
  });
});

describe('the board’s label filter (issue 36)', () => {
  it('shows only the cards with any of the chosen labels, and every card again with none chosen', async () => {
    const tasks = [
      aTask({ id: 't1', projectId: 'p1', title: 'Fix crash', labelIds: ['bug'] }),
      aTask({ id: 't2', projectId: 'p1', title: 'Write manual' }),
      aTask({ id: 't3', projectId: 'p1', title: 'Tidy docs', labelIds: ['docs', 'ops'] }),
    ];
    server.use(...projectPageReads({ tasks, labels: [aLabel({ id: 'bug', name: 'Bug' }), aLabel({ id: 'docs', name: 'Docs' }), aLabel({ id: 'ops', name: 'Ops' })] }));
    const { user } = renderWithApp(<ProjectDetail projectId="p1" />, { workspace: workspaceView() });
    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
    const todo = await screen.findByRole('region', { name: 'To Do' });
    const titles = () => within(todo).getAllByRole('link').map((link) => link.textContent);
    expect(titles()).toEqual(['Fix crash', 'Write manual', 'Tidy docs']);

    await user.click(await screen.findByRole('button', { name: 'Label All labels' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bug' }));
    expect(titles()).toEqual(['Fix crash']);
    await user.click(screen.getByRole('checkbox', { name: 'Docs' }));
    expect(titles()).toEqual(['Fix crash', 'Tidy docs']);
    await user.click(screen.getByRole('button', { name: 'Show all tasks' }));
    expect(titles()).toHaveLength(3);
  });
});
