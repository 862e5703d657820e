import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import type { TaskView as Task } from '@shared/schemas/project';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskView } from './task-view';

const parent = aTask({ id: 'parent', projectId: 'p1', title: 'Launch', version: 3 });
const first = aTask({ id: 's1', projectId: 'p1', title: 'Write copy', parentId: 'parent', position: 1024 });
const second = aTask({ id: 's2', projectId: 'p1', title: 'Pick photos', parentId: 'parent', position: 2048 });
const third = aTask({ id: 's3', projectId: 'p1', title: 'Publish', parentId: 'parent', position: 3072, completed: true, status: 'completed' });
const tasks = [parent, first, second, third];
const base = '/workspaces/ws-1/projects/p1/tasks';

/** Keeps each request body sent to `path` (method and body), answering it as the server would. */
function record(): { method: string; path: string; body: Record<string, unknown> }[] {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const keep = async (request: Request, answer: (body: Record<string, unknown>) => Task, status = 200) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return HttpResponse.json({ task: answer(body) }, { status });
  };
  const byId = (id: unknown) => tasks.find((task) => task.id === id) ?? parent;
  server.use(
    http.post(api(base), ({ request }) => keep(request, (body) => aTask({ id: `new-${sent.length}`, projectId: 'p1', ...body }), 201)),
    http.patch(api(`${base}/:taskId`), ({ request, params }) => keep(request, (body) => ({ ...byId(params.taskId), ...body, version: 9 }))),
    http.post(api(`${base}/:taskId/move`), ({ request, params }) => keep(request, (body) => ({ ...byId(params.taskId), ...body, version: 9 }))),
  );
  return sent;
}

function open(task: Task = parent) {
  const handlers = { onClose: vi.fn(), onEditAll: vi.fn(), onDelete: vi.fn() };
  const rendered = renderWithApp(<TaskView workspaceId="ws-1" projectName="Apollo" task={task} projectTasks={tasks} {...handlers} />, { workspace: workspaceView() });
  return { ...rendered, ...handlers, view: screen.getByRole('dialog', { name: task.title }) };
}

describe("a task's sub-tasks in the task view (issue 36)", () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
    ),
  );

  it('lists them in order with the progress, ticks one without opening it, and adds one per Enter, staying for the next', async () => {
    const sent = record();
    const { user, view } = open();
    const section = within(view).getByRole('region', { name: /Sub-tasks/ });
    // '1/3' on screen; read out as 'Sub-tasks, 1 of 3 done'.
    expect(within(section).getByRole('heading', { name: 'Sub-tasks , 1 of 3 done' })).toHaveTextContent('1/3');
    expect(within(section).getAllByRole('checkbox').map((box) => box.closest('li')?.textContent)).toEqual([
      expect.stringContaining('Write copy'),
      expect.stringContaining('Pick photos'),
      expect.stringContaining('Publish'),
    ]);

    await user.click(within(section).getByRole('checkbox', { name: 'Pick photos' }));
    await vi.waitFor(() => expect(sent.find((request) => request.path.endsWith('/tasks/s2'))?.body).toEqual({ completed: true, version: 1 }));

    const add = within(section).getByRole('textbox', { name: 'Add a sub-task' });
    await user.type(add, 'Book venue{Enter}');
    expect(add).toHaveValue('');
    expect(add).toHaveFocus();
    await user.type(add, 'Send invites{Enter}');
    await vi.waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2));
    const creates = sent.filter((request) => request.method === 'POST').map((request) => request.body);
    expect(creates[0]).toMatchObject({ title: 'Book venue', parentId: 'parent', position: 3072 + 1024 });
    expect(creates[1]).toMatchObject({ title: 'Send invites', parentId: 'parent' });
  });

  it('moves one with Alt+Down on its handle, and promotes one to a task of its own', async () => {
    const sent = record();
    const { user, view } = open();
    within(view).getByRole('button', { name: 'Move Write copy' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await vi.waitFor(() => expect(sent.find((request) => request.path.endsWith('/s1/move'))?.body).toEqual({ version: 1, status: 'todo', position: (2048 + 3072) / 2 }));
    expect(await within(view).findByText('Write copy moved to position 2 of 3')).toHaveAttribute('role', 'status');

    await user.click(within(view).getByRole('button', { name: 'Promote Publish to a task of its own' }));
    await vi.waitFor(() => expect(sent.find((request) => request.path.endsWith('/tasks/s3'))?.body).toEqual({ parentId: null, version: 1 }));
  });

  it('asks before completing a parent with open sub-tasks: all of them, only the parent, or nothing', async () => {
    const sent = record();
    const { user, view } = open();
    const ask = async () => {
      await user.click(within(view).getByRole('button', { name: 'Mark as completed' }));
      return screen.getByRole('alertdialog', { name: 'Complete sub-tasks too?' });
    };
    const question = await ask();
    expect(question).toHaveTextContent('“Launch” has 2 open sub-tasks. Complete them too?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(within(await ask()).getByRole('button', { name: 'Only this task' }));
    await vi.waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ completed: true, version: 3 }]));
  });

  it('completes the open sub-tasks with the parent when asked to, and says how many go with it on delete', async () => {
    const sent = record();
    const { user, view, onDelete } = open();
    await user.click(within(view).getByRole('button', { name: 'Mark as completed' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Complete sub-tasks too?' })).getByRole('button', { name: 'Complete all' }));
    await vi.waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ completed: true, completeSubtasks: true, version: 3 }]));

    await user.click(within(view).getByRole('button', { name: 'Delete Task' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete Task' });
    expect(question).toHaveTextContent('Are you sure you want to delete this task and its 3 sub-tasks?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('shows a sub-task its parent, and promotes it', async () => {
    const sent = record();
    const { user, view } = open(first);
    expect(within(view).getByRole('link', { name: 'Launch' })).toHaveAttribute('href', '/projects/p1/tasks/parent');
    expect(within(view).queryByRole('textbox', { name: 'Add a sub-task' })).not.toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Make it a task of its own' }));
    await vi.waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ parentId: null, version: 1 }]));
  });
});
