import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aLabel, aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskCard } from '../task-board/task-card';
import { TaskDialog } from './task-dialog';

describe('labels in the task dialog and on cards (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' }), aLabel({ id: 'docs', name: 'Docs' })] })),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
    ),
  );

  it('the task dialog picks labels with checkboxes and sends the whole list; the card shows them as chips', async () => {
    const task = aTask({ id: 't1', projectId: 'p1', title: 'Fix crash', labelIds: ['docs'] });
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/t1'), async ({ request }) => {
        const body = (await request.json()) as { labelIds: string[] };
        sent.push(body.labelIds);
        return HttpResponse.json({ task: { ...task, version: 2, labelIds: body.labelIds } });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={task} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const picker = within(screen.getByRole('dialog', { name: 'Edit Task' })).getByRole('group', { name: 'Labels' });
    expect(await within(picker).findByRole('checkbox', { name: 'Docs' })).toBeChecked();
    await user.click(within(picker).getByRole('checkbox', { name: 'Bug' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Docs' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => sent).toEqual([['bug']]);

    renderWithApp(<TaskCard task={{ ...task, labelIds: ['bug', 'gone'] }} linked={false} />, { workspace: workspaceView() });
    const chips = await screen.findByRole('list', { name: 'Labels' });
    // A label deleted meanwhile shows nothing.
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Bug']);
  });
});
