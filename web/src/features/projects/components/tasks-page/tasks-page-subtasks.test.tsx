import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { profileView } from '@/testing/fixtures';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TasksPage } from './tasks-page';

// The parent alone is in the list (its sub-tasks are in none of its tabs: one is done, one has no due date).
const parent = aTask({ id: 'launch', projectId: 'p1', title: 'Launch' });
const subtasks = [aTask({ id: 's1', projectId: 'p1', title: 'Book venue', parentId: 'launch', position: 1 }), aTask({ id: 's2', projectId: 'p1', title: 'Print', parentId: 'launch', position: 2, completed: true, status: 'completed' })];

/** Keeps each PATCH body of the parent, answered with the parent as edited. */
function recordEdits(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.patch(api('/workspaces/ws-1/projects/p1/tasks/launch'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ task: { ...parent, completed: true, status: 'completed', version: 2 } });
    }),
  );
  return sent;
}

describe('a parent with open sub-tasks on /tasks, which does not hold its project (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/profile'), () => HttpResponse.json({ profile: profileView() })),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: [parent, ...subtasks], milestones: [], notes: [] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [parent], nextCursor: null })),
    ),
  );

  it('/tasks shows its progress, and its circle asks before completing: Cancel leaves it, Complete all sends completeSubtasks', async () => {
    const sent = recordEdits();
    const { user } = renderWithApp(<TasksPage workspaceId="ws-1" />, { path: '/tasks?view=list', workspace: workspaceView() });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    const row = (await screen.findByRole('link', { name: 'Launch' })).closest('li') as HTMLElement;
    expect(await within(row).findByText('1 of 2 sub-tasks done')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Complete Launch' }));
    const question = await screen.findByRole('alertdialog', { name: 'Complete sub-tasks too?' });
    expect(question).toHaveTextContent('“Launch” has 1 open sub-task. Complete it too?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Complete Launch' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Complete sub-tasks too?' })).getByRole('button', { name: 'Complete all' }));
    await vi.waitFor(() => expect(sent).toEqual([{ completed: true, completeSubtasks: true, version: 1 }]));
  });
});
