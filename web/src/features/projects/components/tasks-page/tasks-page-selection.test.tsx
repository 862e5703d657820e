import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { profileView } from '@/testing/fixtures';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TasksPage } from './tasks-page';

const tasks = ['Alpha', 'Bravo', 'Charlie'].map((title, index) => aTask({ id: `t${index}`, projectId: 'p1', title, dueDate: null, position: index }));

describe('selecting tasks on /tasks for a bulk edit (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/profile'), () => HttpResponse.json({ profile: profileView() })),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks, nextCursor: null })),
      // Read for the parents' progress (issue 36).
      http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks, milestones: [], notes: [] })),
    ),
  );

  it('a checkbox per task, Shift+click for a range, x for the focused task, Ctrl+A for all and Escape to clear; the count is announced', async () => {
    const { user } = renderWithApp(<TasksPage workspaceId="ws-1" />, { path: '/tasks?view=list', workspace: workspaceView() });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    const alpha = await screen.findByRole('checkbox', { name: 'Select Alpha' });
    // The bulk bar's live region, or null while nothing is selected (the bar is gone).
    const selectedCount = () => {
      const bar = screen.queryByRole('form', { name: 'Edit selected tasks' });
      return bar ? within(bar).getByRole('status').textContent : null;
    };

    await user.click(alpha);
    expect(alpha).toBeChecked();
    expect(selectedCount()).toBe('1 selected');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Charlie' }));
    await user.keyboard('{/Shift}');
    expect(selectedCount()).toBe('3 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Bravo' })).toBeChecked();

    // x toggles the task whose control has the focus.
    screen.getByRole('checkbox', { name: 'Select Bravo' }).focus();
    await user.keyboard('x');
    expect(screen.getByRole('checkbox', { name: 'Select Bravo' })).not.toBeChecked();
    expect(selectedCount()).toBe('2 selected');

    await user.keyboard('{Escape}');
    expect(selectedCount()).toBeNull();
    expect(alpha).not.toBeChecked();

    alpha.focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(selectedCount()).toBe('3 selected');
  });

  it('in the kanban view: a checkbox per card, Shift+click for the range in its column, x on the focused card, Escape to clear', async () => {
    const { user } = renderWithApp(<TasksPage workspaceId="ws-1" />, { workspace: workspaceView() });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(await screen.findByRole('button', { name: 'Kanban' }));
    const column = screen.getByRole('region', { name: 'Apollo' });
    const box = (title: string) => within(column).getByRole('checkbox', { name: `Select ${title}` });

    await user.click(box('Alpha'));
    await user.keyboard('{Shift>}');
    await user.click(box('Charlie'));
    await user.keyboard('{/Shift}');
    const count = () => within(screen.getByRole('form', { name: 'Edit selected tasks' })).getByRole('status');
    expect(count()).toHaveTextContent('3 selected');
    expect(box('Bravo')).toBeChecked();

    within(column).getByRole('group', { name: 'Bravo' }).focus();
    await user.keyboard('x');
    expect(box('Bravo')).not.toBeChecked();
    expect(count()).toHaveTextContent('2 selected');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit selected tasks' })).not.toBeInTheDocument();
  });
});
