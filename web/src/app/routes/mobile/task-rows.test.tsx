import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aLabel, aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { MobileTaskRows } from './task-rows';

describe("the phone's task rows (issue 36)", () => {
  it('show the labels, and the circle asks before completing a parent with open sub-tasks (Only this task completes it alone)', async () => {
    const parent = aTask({ id: 'launch', projectId: 'p1', title: 'Launch', labelIds: ['bug'] });
    const sent: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects/p1/items'), () =>
        HttpResponse.json({ tasks: [parent, aTask({ id: 's1', projectId: 'p1', title: 'Book venue', parentId: 'launch' })], milestones: [], notes: [] }),
      ),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/launch'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ task: { ...parent, completed: true, status: 'completed', version: 2 } });
      }),
    );
    const { user } = renderWithApp(<MobileTaskRows workspaceId="ws-1" tasks={[parent]} projects={[aProject({ id: 'p1', name: 'Apollo' })]} />, { workspace: workspaceView() });
    expect(await screen.findByRole('list', { name: 'Labels' })).toHaveTextContent('Bug');
    await user.click(screen.getByRole('button', { name: 'Complete Launch' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Complete sub-tasks too?' })).getByRole('button', { name: 'Only this task' }));
    await vi.waitFor(() => expect(sent).toEqual([{ completed: true, version: 1 }]));
  });
});
