import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskView } from '@shared/schemas/project';
import { aLabel, aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { createTaskSelectionStore, selectAll } from '../../utils/task-selection';
import { SelectedTasksBar } from './bulk-bar';

/** The bar over `tasks`, every one of them selected. */
function renderBar(tasks: readonly TaskView[], onDone: () => void) {
  const store = createTaskSelectionStore();
  store.set(() => selectAll(tasks.map((task) => task.id)));
  return renderWithApp(<SelectedTasksBar workspaceId="ws-1" store={store} tasks={tasks} onDone={onDone} />, { workspace: workspaceView() });
}

describe('the bulk bar over selected tasks (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/projects'), () =>
        HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Launch' }), aProject({ id: 'p2', name: 'Docs' }), aProject({ id: 'p3', name: 'Old', archived: true })] }),
      ),
    ),
  );

  it('announces the count, reads differing fields as Mixed, sends only what changed, and offers Undo for the whole action', async () => {
    const tasks = [aTask({ id: 't1', title: 'One', priority: 'low', dueDate: '2026-12-01' }), aTask({ id: 't2', title: 'Two', priority: 'high', dueDate: '2026-12-01' })];
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/tasks/bulk'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ changed: [{ ...tasks[0], labelIds: ['bug'], version: 2 }], left: [{ projectId: 'p1', taskId: 't2', reason: 'changed' }] });
      }),
      http.post(api('/workspaces/ws-1/tasks/bulk/restore'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ changed: [], left: [{ projectId: 'p1', taskId: 't1', reason: 'changed' }] });
      }),
    );
    let cleared = false;
    const { user } = renderBar(tasks, () => (cleared = true));

    const bar = screen.getByRole('form', { name: 'Edit selected tasks' });
    // The count is a live region: a screen reader hears the selection change.
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    expect(screen.getByLabelText('Priority')).toHaveDisplayValue('Mixed');
    expect(screen.getByLabelText('Due date')).toHaveValue('2026-12-01');
    expect(screen.getByRole('button', { name: 'Apply to 2' })).toBeDisabled();

    await user.selectOptions(await screen.findByLabelText('Add label'), 'Bug');
    await user.click(screen.getByRole('button', { name: 'Apply to 2' }));
    await expect.poll(() => sent).toEqual([
      { tasks: [{ projectId: 'p1', taskId: 't1', version: 1 }, { projectId: 'p1', taskId: 't2', version: 1 }], change: { addLabelIds: ['bug'] } },
    ]);
    expect(await screen.findByText('Updated 1 task. 1 changed by someone else meanwhile kept their change.')).toBeInTheDocument();
    expect(cleared).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await expect.poll(() => sent.at(-1)).toEqual({
      tasks: [{ projectId: 'p1', taskId: 't1', version: 2, fields: { priority: 'low', dueDate: '2026-12-01', assignedTo: null, labelIds: [], status: 'todo', completed: false, completedAt: null } }],
    });
    // A task changed since the edit keeps that change, and the user is told.
    expect(await screen.findByText('1 changed by someone else since kept their change.')).toBeInTheDocument();
  });

  it('sets the status from a select reading Mixed, and Complete completes the selection in one request whose Undo reopens', async () => {
    const tasks = [aTask({ id: 't1', status: 'todo' }), aTask({ id: 't2', status: 'in_progress' })];
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/tasks/bulk'), async ({ request }) => {
        const body = (await request.json()) as { change: object };
        sent.push(body.change);
        const done = { status: 'completed', completed: true, completedAt: '2026-12-07T10:00:00.000Z', version: 2 };
        return HttpResponse.json({ changed: tasks.map((task) => ({ ...task, ...done })), left: [] });
      }),
      http.post(api('/workspaces/ws-1/tasks/bulk/restore'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ changed: [], left: [] });
      }),
    );
    const { user } = renderBar(tasks, () => undefined);

    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Mixed');
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Apply to 2' }));
    await expect.poll(() => sent).toEqual([{ status: 'completed' }]);

    await user.click(screen.getByRole('button', { name: 'Complete 2' }));
    await expect.poll(() => sent).toEqual([{ status: 'completed' }, { completed: true }]);
    await user.click((await screen.findAllByRole('button', { name: 'Undo' })).at(-1) as HTMLElement);
    await expect.poll(() => (sent.at(-1) as { tasks?: { fields: { status: string; completed: boolean } }[] }).tasks?.map(({ fields }) => [fields.status, fields.completed])).toEqual([
      ['todo', false],
      ['in_progress', false],
    ]);
  });
  it('asks before deleting, saying how many tasks and the sub-tasks going with them; sends one request, and its Undo asks the server to restore by undoId', async () => {
    const parent = aTask({ id: 't1', title: 'Parent' });
    const tasks = [parent, aTask({ id: 't2', title: 'Other' })];
    const subtasks = [aTask({ id: 's1', parentId: 't1' }), aTask({ id: 's2', parentId: 't1' })];
    const sent: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: [...tasks, ...subtasks], milestones: [], notes: [] })),
      http.post(api('/workspaces/ws-1/tasks/bulk/delete'), async ({ request }) => {
        sent.push(await request.json());
        const deleted = ['t1', 's1', 's2'].map((taskId) => ({ projectId: 'p1', taskId }));
        return HttpResponse.json({ deleted, left: [{ projectId: 'p1', taskId: 't2', reason: 'changed' }], undoId: 'undo-1' });
      }),
      http.post(api('/workspaces/ws-1/tasks/bulk/delete/restore'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ restored: [parent, ...subtasks.slice(1)], skipped: [{ projectId: 'p1', taskId: 's1' }] });
      }),
    );
    let cleared = false;
    const { user } = renderBar(tasks, () => (cleared = true));

    await user.click(screen.getByRole('button', { name: 'Delete 2' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete tasks' });
    expect(question).toHaveTextContent('Delete 2 tasks and 2 sub-tasks going with them? You can undo it for a little while.');
    // Cancel (the safe choice, focused) sends nothing.
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => sent).toEqual([{ tasks: [{ projectId: 'p1', taskId: 't1', version: 1 }, { projectId: 'p1', taskId: 't2', version: 1 }] }]);
    expect(await screen.findByText('Moved 3 tasks to Trash. 1 changed by someone else meanwhile was kept.')).toBeInTheDocument();
    expect(cleared).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await expect.poll(() => sent.at(-1)).toEqual({ undoId: 'undo-1' });
    expect(sent).toHaveLength(2);
    expect(await screen.findByText('1 could not come back (their project or parent is gone); they wait in the Trash.')).toBeInTheDocument();
  });
  it('moves the selection to the project chosen in one request, and its Undo sends each task back to its project, place and parent', async () => {
    const tasks = [aTask({ id: 't1', position: 2048 }), aTask({ id: 't2', parentId: 'p-task', position: 1024 })];
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/tasks/bulk/move'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ moved: tasks.map((task) => ({ fromProjectId: 'p1', task: { ...task, projectId: 'p2', version: 2 } })), left: [] });
      }),
      http.post(api('/workspaces/ws-1/tasks/bulk/move/restore'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ moved: [], left: [] });
      }),
    );
    const { user } = renderBar(tasks, () => undefined);

    expect(screen.getByRole('button', { name: 'Move 2' })).toBeDisabled();
    const select = screen.getByLabelText('Move to project');
    await screen.findByRole('option', { name: 'Docs' });
    // An archived project is not offered.
    expect(within(select).queryByRole('option', { name: 'Old' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Docs');
    await user.click(screen.getByRole('button', { name: 'Move 2' }));
    await expect.poll(() => sent).toEqual([{ tasks: [{ projectId: 'p1', taskId: 't1', version: 1 }, { projectId: 'p1', taskId: 't2', version: 1 }], projectId: 'p2' }]);
    expect(await screen.findByText('Moved 2 tasks.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await expect.poll(() => sent.at(-1)).toEqual({
      tasks: [
        { projectId: 'p2', taskId: 't1', version: 2, back: { projectId: 'p1', position: 2048 } },
        { projectId: 'p2', taskId: 't2', version: 2, back: { projectId: 'p1', position: 1024, parentId: 'p-task' } },
      ],
    });
  });
});
