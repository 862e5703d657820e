import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { projectKeys } from '../../api/query-keys';
import { TaskBoard } from './task-board';

const parent = aTask({ id: 'parent', projectId: 'p1', title: 'Launch' });
const open = aTask({ id: 'sub', projectId: 'p1', title: 'Book venue', parentId: 'parent', position: 1 });
const tasks = [parent, open];

describe('the board with sub-tasks (issue 36)', () => {
  it('shows the parent with its progress, not its sub-tasks, and asks before completing it with an open one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.post(api('/workspaces/ws-1/projects/p1/tasks/parent/move'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ task: { ...parent, status: 'completed', completed: true, completedAt: '2026-11-23T10:00:00.000Z', version: 2 } });
      }),
    );
    const { user, queryClient } = renderWithApp(<TaskBoard workspaceId="ws-1" projectId="p1" tasks={tasks} onError={vi.fn()} />, { workspace: workspaceView() });
    queryClient.setQueryData(projectKeys.items('ws-1', 'p1'), { tasks, milestones: [], notes: [] });

    const card = screen.getByRole('group', { name: 'Launch' });
    expect(await within(card).findByText('0 of 1 sub-tasks done')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Book venue' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('checkbox', { name: 'Launch' }));
    const question = screen.getByRole('alertdialog', { name: 'Complete sub-tasks too?' });
    expect(question).toHaveTextContent('“Launch” has 1 open sub-task. Complete it too?');
    await user.click(within(question).getByRole('button', { name: 'Complete all' }));
    await vi.waitFor(() => expect(sent).toEqual([expect.objectContaining({ status: 'completed', completeSubtasks: true, version: 1 })]));
  });
});
