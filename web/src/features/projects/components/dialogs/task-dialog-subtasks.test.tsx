import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { projectKeys } from '../../api/query-keys';
import { TaskDialog } from './task-dialog';

const parent = aTask({ id: 'parent', projectId: 'p1', title: 'Launch', version: 2 });
const subtasks = [aTask({ id: 's1', projectId: 'p1', parentId: 'parent' }), aTask({ id: 's2', projectId: 'p1', parentId: 'parent', completed: true, status: 'completed' })];

describe('Edit Task on a parent (issue 36)', () => {
  it('asks before completing it with an open sub-task, saves only the parent when told so, and says how many go with a delete', async () => {
    const saves: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/parent'), async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ task: { ...parent, completed: true, status: 'completed', version: 3 } });
      }),
    );
    const onDelete = vi.fn();
    const { user, queryClient } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={parent} onClose={vi.fn()} onDelete={onDelete} />, {
      workspace: workspaceView(),
    });
    queryClient.setQueryData(projectKeys.items('ws-1', 'p1'), { tasks: [parent, ...subtasks], milestones: [], notes: [] });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete Task' }));
    const deleting = screen.getByRole('alertdialog', { name: 'Delete Task' });
    expect(deleting).toHaveTextContent('Are you sure you want to delete this task and its 2 sub-tasks?');
    await user.click(within(deleting).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(within(dialog).getByLabelText('Mark as completed'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const question = screen.getByRole('alertdialog', { name: 'Complete sub-tasks too?' });
    expect(question).toHaveTextContent('“Launch” has 1 open sub-task. Complete it too?');
    expect(saves).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Only this task' }));
    await vi.waitFor(() => expect(saves).toEqual([expect.objectContaining({ completed: true, version: 2 })]));
    expect(saves[0]).not.toHaveProperty('completeSubtasks');
  });
});
