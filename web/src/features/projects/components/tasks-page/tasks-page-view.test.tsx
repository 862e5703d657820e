import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { profileView } from '@/testing/fixtures';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TasksPage } from './tasks-page';

describe('list or kanban on /tasks (Settings → Default view)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [aTask({ id: 't1', projectId: 'p1', title: 'Alpha', dueDate: null })], nextCursor: null })),
      http.get(api('/profile'), () => HttpResponse.json({ profile: profileView({ defaultView: 'list' }) })),
    ),
  );

  const pressed = async (name: 'List' | 'Kanban') => expect(await screen.findByRole('button', { name, pressed: true })).toBeInTheDocument();

  it("opens in the user's default view, and the toggle names the view in the address", async () => {
    const { user, location } = renderWithApp(<TasksPage workspaceId="ws-1" />, { path: '/tasks', workspace: workspaceView() });
    await pressed('List');
    await user.click(screen.getByRole('button', { name: 'Kanban' }));
    await pressed('Kanban');
    expect(location()).toBe('/tasks?view=kanban');
  });

  it('opens in the view the address names, whatever the default', async () => {
    renderWithApp(<TasksPage workspaceId="ws-1" />, { path: '/tasks?view=kanban', workspace: workspaceView() });
    await pressed('Kanban');
    expect(screen.getByRole('button', { name: 'List', pressed: false })).toBeInTheDocument();
  });
});
