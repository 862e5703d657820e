import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { WEEK_PREVIEW_TOOL, type ToolCallView, type WeekPreviewResult } from '@shared/schemas/chat';
import { aLabel } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ToolPills, type UndoControls } from './tool-pills';

const controls: UndoControls = { states: new Map(), undo: () => undefined, undoAll: () => undefined, applyStates: new Map(), apply: () => undefined };

const preview: WeekPreviewResult = {
  days: [
    {
      date: '2026-12-07',
      tasks: [
        { id: 't1', title: 'Write spec', project: 'Apollo', labels: ['Bug', 'Deleted since'], minutes: 90, reason: 'due that day' },
        { id: 't2', title: 'Plain task', project: 'Apollo', minutes: 60, reason: 'free time' },
        { id: 't4', title: 'Late report', project: 'Apollo', minutes: 60, reason: 'late: was due 1 Dec', late: true },
        { id: 't5', title: 'Crunch', project: 'Apollo', minutes: 600, reason: 'over capacity', overCapacity: true },
      ],
      totalMinutes: 810,
    },
    { date: '2026-12-08', tasks: [], totalMinutes: 0 },
  ],
  notFitting: [{ id: 't3', title: 'Big job', project: 'Hermes', labels: ['Bug'], reason: 'no room' }],
};
const call = (result: unknown): ToolCallView => ({ id: 'c1', name: WEEK_PREVIEW_TOOL, args: {}, status: 'success', message: '2 tasks over the next 7 days (a preview; nothing saved)', result });

describe("the assistant's week preview under its pill (issue 36)", () => {
  it("shows each planned task with its project and its labels as chips (the list named Labels), folded until opened", async () => {
    server.use(http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug', color: '#EF4444' })] })));
    const { user } = renderWithApp(<ToolPills calls={[call(preview)]} undo={controls} label="What the assistant did" offerUndoAll />, { workspace: workspaceView() });
    const summary = screen.getByText('Show the week (4 tasks)');
    await user.click(summary);
    const planned = screen.getByRole('list', { name: 'Planned for Mon, Dec 7' });
    const spec = within(planned).getByText('Write spec').closest('li') as HTMLElement;
    expect(spec).toHaveTextContent('· Apollo');
    const chips = await within(spec).findByRole('list', { name: 'Labels' });
    // A name no label has now shows nothing; the chip has the label's colour.
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Bug']);
    expect(chips.querySelector('.label-swatch')).toHaveStyle({ background: '#EF4444' });
    expect(within(within(planned).getByText('Plain task').closest('li') as HTMLElement).queryByRole('list', { name: 'Labels' })).toBeNull();
    // Late and over-capacity work is marked as on the plan's card; a task on time is not.
    expect(within(planned).getByText('Late report').closest('li')).toHaveTextContent('· late');
    expect(within(planned).getByText('Crunch').closest('li')).toHaveTextContent('· over capacity');
    expect(within(planned).getByText('Plain task').closest('li')).not.toHaveTextContent(/late|over capacity/);
    expect(screen.getByText('Tue, Dec 8').closest('li')).toHaveTextContent('free');
    expect(await within(screen.getByRole('list', { name: 'Would not fit' })).findByRole('list', { name: 'Labels' })).toHaveTextContent('Bug');
  });

  it('shows nothing for a result stored cut short, nor for another tool', () => {
    renderWithApp(
      <ToolPills calls={[call({ cut: true, start: '{"days":[' }), { ...call(preview), id: 'c2', name: 'list_tasks' }]} undo={controls} label="What the assistant did" offerUndoAll />,
      { workspace: workspaceView() },
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/Show the week/)).toBeNull();
  });
});
