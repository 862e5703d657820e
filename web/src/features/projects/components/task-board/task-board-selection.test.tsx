import { act, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskView } from '@shared/schemas/project';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskBoard } from './task-board';

// Counts each card's renders: a card reads its selected state once per render.
const cardRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../hooks/use-task-selection', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../hooks/use-task-selection')>();
  return {
    ...actual,
    useIsTaskSelected: (taskId: string) => {
      cardRenders.set(taskId, (cardRenders.get(taskId) ?? 0) + 1);
      return actual.useIsTaskSelected(taskId);
    },
  };
});

const todo = ['Alpha', 'Bravo', 'Charlie'].map((title, index) => aTask({ id: `t${index}`, projectId: 'p1', title, status: 'todo', position: index }));
const doing = aTask({ id: 'd1', projectId: 'p1', title: 'Delta', status: 'in_progress', position: 0 });
const tasks = [...todo, doing];

/** The bulk bar's live region, or null while nothing is selected (the bar is gone). */
const selectedCount = () => {
  const bar = screen.queryByRole('form', { name: 'Edit selected tasks' });
  return bar ? within(bar).getByRole('status').textContent : null;
};
/** The board as the project page feeds it; `push` stands for the realtime updates that change its tasks. */
let push: (next: readonly TaskView[]) => void = () => undefined;
function LiveBoard() {
  const [shown, setShown] = useState<readonly TaskView[]>(tasks);
  useEffect(() => {
    push = setShown;
  }, []);
  return <TaskBoard workspaceId="ws-1" projectId="p1" tasks={shown} onError={vi.fn()} />;
}

const box = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` });

describe('selecting cards on the board for a bulk edit (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
    ),
  );

  it('a checkbox per card, Shift+click for a range within its column, x on the focused card, Ctrl+A for every card, Escape to clear', async () => {
    const moves = vi.fn();
    server.use(http.post(api('/workspaces/ws-1/projects/p1/tasks/:taskId/move'), () => moves()));
    const { user } = renderWithApp(<TaskBoard workspaceId="ws-1" projectId="p1" tasks={tasks} onError={vi.fn()} />, { workspace: workspaceView() });

    await user.click(box('Alpha'));
    expect(box('Alpha')).toBeChecked();
    expect(selectedCount()).toBe('1 selected');
    await user.keyboard('{Shift>}');
    await user.click(box('Charlie'));
    expect(selectedCount()).toBe('3 selected');
    expect(box('Bravo')).toBeChecked();
    // A Shift+click in another column has no range to run: it selects that card alone.
    await user.click(box('Delta'));
    await user.keyboard('{/Shift}');
    expect(selectedCount()).toBe('4 selected');

    // x toggles the focused card (it no longer completes it: nothing is moved).
    screen.getByRole('group', { name: 'Bravo' }).focus();
    await user.keyboard('x');
    expect(box('Bravo')).not.toBeChecked();
    expect(selectedCount()).toBe('3 selected');
    await user.keyboard('x');
    expect(box('Bravo')).toBeChecked();
    // After a click on a card's box the focus is on the box: x there toggles that card too.
    await user.click(box('Charlie'));
    expect(box('Charlie')).not.toBeChecked();
    await user.keyboard('x');
    expect(box('Charlie')).toBeChecked();

    await user.keyboard('{Escape}');
    expect(selectedCount()).toBeNull();
    expect(box('Alpha')).not.toBeChecked();

    // Ctrl+A and Escape typed into the column's quick add are the field's own.
    await user.type(screen.getByLabelText('Add task to To Do'), 'Echo{Control>}a{/Control}{Escape}');
    expect(selectedCount()).toBeNull();

    screen.getByRole('group', { name: 'Alpha' }).focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(selectedCount()).toBe('4 selected');
    await user.keyboard('{Escape}');
    expect(moves).not.toHaveBeenCalled();
  });

  it('a toggle renders the toggled card alone (and the bar), not the board of cards', async () => {
    const { user } = renderWithApp(<TaskBoard workspaceId="ws-1" projectId="p1" tasks={tasks} onError={vi.fn()} />, { workspace: workspaceView() });
    await user.click(box('Alpha'));
    expect(selectedCount()).toBe('1 selected');
    screen.getByRole('group', { name: 'Charlie' }).focus();
    cardRenders.clear();
    await user.keyboard('x');
    expect(selectedCount()).toBe('2 selected');
    expect(Object.fromEntries(cardRenders)).toEqual({ t2: 1 });

    cardRenders.clear();
    await user.keyboard('{Escape}');
    expect(selectedCount()).toBeNull();
    // The two selected ones render to show it; the others stay as they were.
    expect(Object.fromEntries(cardRenders)).toEqual({ t0: 1, t2: 1 });
  });

  it('keeps the selection through a push that changes another card, and drops a task that is gone', async () => {
    const { user } = renderWithApp(<LiveBoard />, { workspace: workspaceView() });
    await user.click(box('Alpha'));
    await user.click(box('Delta'));
    expect(selectedCount()).toBe('2 selected');

    // A teammate renames Bravo and deletes Delta.
    const [alpha, bravo, charlie] = todo as [TaskView, TaskView, TaskView];
    act(() => push([alpha, { ...bravo, title: 'Bravo renamed', version: 2 }, charlie]));
    expect(selectedCount()).toBe('1 selected');
    expect(box('Alpha')).toBeChecked();
    expect(box('Bravo renamed')).not.toBeChecked();

    // Delta coming back (an Undo of the delete) comes back unselected.
    act(() => push(tasks));
    expect(box('Delta')).not.toBeChecked();
    expect(selectedCount()).toBe('1 selected');
  });
});
