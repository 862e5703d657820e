import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TaskViewMode } from '@shared/schemas/profile';
import type { TaskView } from '@shared/schemas/project';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ProjectDetail } from './project-detail';
import { projectPageReads } from './project-page-reads';
import { ProjectTaskDialog } from './project-task-dialog';

const tasks = [
  aTask({ id: 't-done', projectId: 'p1', title: 'Kick-off', status: 'completed', completed: true, completedAt: '2026-11-30T10:00:00.000Z', position: 1 }),
  aTask({ id: 't-late', projectId: 'p1', title: 'Write tests', status: 'todo', position: 2 }),
  aTask({ id: 't-busy', projectId: 'p1', title: 'Build API', status: 'in_progress', position: 1 }),
  aTask({ id: 't-first', projectId: 'p1', title: 'Draft spec', status: 'todo', position: 1 }),
];

/** The project page of p1 (with its task dialog's route) for a user whose default view is `defaultView`. */
function renderProject({ defaultView, path = '/projects/p1', projectTasks = tasks }: { defaultView: TaskViewMode; path?: string; projectTasks?: readonly TaskView[] }) {
  const moves: unknown[] = [];
  server.use(
    ...projectPageReads({ tasks: projectTasks, profile: { defaultView } }),
    http.post(api('/workspaces/ws-1/projects/p1/tasks/:taskId/move'), async ({ request, params }) => {
      const body = (await request.json()) as { status: TaskView['status']; position: number };
      moves.push({ taskId: params.taskId, status: body.status, position: body.position });
      const task = projectTasks.find((candidate) => candidate.id === params.taskId);
      return HttpResponse.json({ task: { ...task, status: body.status, completed: body.status === 'completed', position: body.position, version: (task?.version ?? 1) + 1 } });
    }),
  );
  const rendered = renderWithApp(
    <Routes>
      <Route path=":projectId" element={<ProjectDetail projectId="p1" />}>
        <Route path="tasks/:taskId" element={<ProjectTaskDialog />} />
      </Route>
    </Routes>,
    { path, route: '/projects/*', workspace: workspaceView() },
  );
  return { ...rendered, moves };
}

const pressed = async (name: 'List' | 'Kanban') => expect(await screen.findByRole('button', { name, pressed: true })).toBeInTheDocument();
/** The list's groups, each as its heading and its tasks' titles in order. */
const listGroups = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => [
    heading.textContent,
    ...within(heading.parentElement as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ]);

describe('the Tasks tab as a list or the board (Settings → Default view, issue 37)', () => {
  it("opens in the user's default view: the list, open tasks by status and position, then the completed", async () => {
    const { user } = renderProject({ defaultView: 'list' });
    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
    await pressed('List');
    expect(screen.getByRole('button', { name: 'Kanban', pressed: false })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Tasks' });
    expect(listGroups()).toEqual([
      ['To Do 2', 'Draft spec', 'Write tests'],
      ['In Progress 1', 'Build API'],
      ['Completed 1', 'Kick-off'],
    ]);
    expect(screen.queryByRole('group', { name: 'Task columns' })).not.toBeInTheDocument();
  });

  it('opens on the Tasks tab in the view the address names, whatever the default', async () => {
    renderProject({ defaultView: 'list', path: '/projects/p1?view=kanban' });
    await pressed('Kanban');
    expect(screen.getByRole('tab', { name: 'Tasks', selected: true })).toBeInTheDocument();
    const board = await screen.findByRole('group', { name: 'Task columns' });
    expect(within(board).getByRole('region', { name: 'To Do' })).toBeInTheDocument();
  });

  it('toggles between the board and the list, naming the view in the address', async () => {
    const { user, location } = renderProject({ defaultView: 'kanban' });
    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
    await pressed('Kanban');
    await screen.findByRole('group', { name: 'Task columns' });

    await user.click(screen.getByRole('button', { name: 'List' }));
    await pressed('List');
    expect(location()).toBe('/projects/p1?view=list');
    expect(screen.queryByRole('group', { name: 'Task columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Draft spec' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kanban' }));
    expect(await screen.findByRole('group', { name: 'Task columns' })).toBeInTheDocument();
    expect(location()).toBe('/projects/p1?view=kanban');
  });

  it("opens a row's task in the task dialog, and closing it comes back to the list", async () => {
    server.use(
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/projects/p1/tasks/t-first/comments'), () => HttpResponse.json({ comments: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/projects/p1/tasks/t-first/attachments'), () => HttpResponse.json({ attachments: [] })),
    );
    const { user, location } = renderProject({ defaultView: 'list', path: '/projects/p1?view=list' });
    await user.click(await screen.findByRole('link', { name: 'Draft spec' }));
    expect(location()).toBe('/projects/p1/tasks/t-first');
    const dialog = await screen.findByRole('dialog', { name: 'Draft spec' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/projects/p1?view=list'));
    await pressed('List');
    expect(screen.getByRole('link', { name: 'Draft spec' })).toBeInTheDocument();
  });

  it('completes a task from its row: it goes to the end of Completed, and its circle keeps the focus', async () => {
    const { user, moves } = renderProject({ defaultView: 'list', path: '/projects/p1?view=list' });
    const complete = await screen.findByRole('button', { name: 'Complete Draft spec' });
    complete.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(moves).toEqual([{ taskId: 't-first', status: 'completed', position: expect.any(Number) as number }]));
    expect((moves[0] as { position: number }).position).toBeGreaterThan(1);
    await waitFor(() => expect(listGroups()).toEqual([['To Do 1', 'Write tests'], ['In Progress 1', 'Build API'], ['Completed 2', 'Kick-off', 'Draft spec']]));
    expect(screen.getByRole('button', { name: 'Mark Draft spec not completed', pressed: true })).toHaveFocus();
  });

  it('gives a row whose completion was cancelled at the sub-tasks question no focus later, when the tasks are drawn again', async () => {
    const withSubtask = [...tasks, aTask({ id: 't-sub', projectId: 'p1', title: 'Outline', parentId: 't-first', status: 'todo', position: 1 })];
    const { user, moves, queryClient } = renderProject({ defaultView: 'list', path: '/projects/p1?view=list', projectTasks: withSubtask });
    await user.click(await screen.findByRole('button', { name: 'Complete Draft spec' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Complete sub-tasks too?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(moves).toEqual([]);

    // The focus goes elsewhere (the page), then another member's change draws the tasks again.
    (document.activeElement as HTMLElement | null)?.blur();
    const renamed = withSubtask.map((task) => (task.id === 't-late' ? { ...task, title: 'Write more tests', version: task.version + 1 } : task));
    server.use(http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: renamed, milestones: [], notes: [] })));
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('link', { name: 'Write more tests' })).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it('says so when the project has no tasks, and adds one to To Do from its "Add task" line', async () => {
    const created: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/projects/p1/tasks'), async ({ request }) => {
        const body = (await request.json()) as { title: string; status?: TaskView['status'] };
        created.push({ title: body.title, status: body.status });
        return HttpResponse.json({ task: aTask({ id: 't-new', projectId: 'p1', title: body.title }) }, { status: 201 });
      }),
    );
    const { user } = renderProject({ defaultView: 'list', path: '/projects/p1?view=list', projectTasks: [] });
    expect(await screen.findByText('No tasks yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Add task to To Do' }), 'Plan launch{Enter}');
    await waitFor(() => expect(created).toEqual([{ title: 'Plan launch', status: 'todo' }]));
    expect(await screen.findByRole('link', { name: 'Plan launch' })).toBeInTheDocument();
    expect(screen.queryByText('No tasks yet.')).not.toBeInTheDocument();
  });
});
