import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SavedWeeklyPlan } from '@shared/schemas/weekly-plan';
import { aLabel, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { AtRiskCard } from './at-risk-card';

const projects = [{ id: 'p1', name: 'Apollo', color: '#3b82f6' }];
const report = aTask({ id: 'report', title: 'Write report', dueDate: '2026-12-01', timeEstimate: 300, assignedTo: 'ana' });
const slides = aTask({ id: 'slides', title: 'Slides', dueDate: '2026-12-02', timeEstimate: 15, assignedTo: 'ana' });
const budget = aTask({ id: 'budget', title: 'Budget', dueDate: '2026-12-03', timeEstimate: 120 });

function plan(overrides: Partial<SavedWeeklyPlan> = {}): SavedWeeklyPlan {
  return {
    generatedAt: '2026-11-30T08:00:00.000Z',
    weekStart: '2026-11-30',
    placements: [
      {
        taskId: 'report',
        date: '2026-12-01',
        reason: 'Tue: due that day; over capacity for Ana: nothing else fitted by Tue',
        overCapacity: true,
        risk: { text: "can't fit by Tue: Ana has 4h free, it needs 5h", roomWith: 'ben', assignedTo: 'ana', timeEstimate: 300, dueDate: '2026-12-01' },
      },
      // Changed since the plan (its estimate): no longer at risk by that plan's reckoning.
      { taskId: 'slides', date: '2026-12-02', reason: 'Wed', risk: { text: "can't fit by Wed", assignedTo: 'ana', timeEstimate: 60, dueDate: '2026-12-02' } },
    ],
    unplaced: [{ taskId: 'budget', projectId: 'p1', title: 'Budget', reason: 'Waits for Legal, which is not planned this week' }],
    conflicts: [],
    ...overrides,
  };
}

function answer(saved: SavedWeeklyPlan | null) {
  server.use(
    http.get(api('/workspaces/ws-1/weekly-plan'), () => HttpResponse.json({ weeklyPlan: saved })),
    http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [report, slides, budget], nextCursor: null })),
    http.get(api('/workspaces/ws-1/members'), () =>
      HttpResponse.json({
        members: [
          { userId: 'ana', email: 'ana@example.com', role: 'owner', displayName: 'Ana', createdAt: '2026-11-01T09:00:00.000Z' },
          { userId: 'ben', email: 'ben@example.com', role: 'member', displayName: 'Ben', createdAt: '2026-11-01T09:00:00.000Z' },
        ],
      }),
    ),
  );
}

/** The task writes the fixes send, answered as the server would (the task at its next version; a new part). */
function recordWrites() {
  const writes: { method: string; path: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.patch(api('/workspaces/ws-1/projects/p1/tasks/:taskId'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'PATCH', path: `tasks/${String(params.taskId)}`, body });
      return HttpResponse.json({ task: { ...report, ...body, version: report.version + 1 } });
    }),
    http.post(api('/workspaces/ws-1/projects/p1/tasks'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'POST', path: 'tasks', body });
      return HttpResponse.json({ task: aTask({ id: 'part', title: String(body.title), timeEstimate: Number(body.timeEstimate) }) }, { status: 201 });
    }),
  );
  return writes;
}

describe('the At risk card', () => {
  it('lists what the plan could not keep safe, soonest due first, with why and the fixes that apply', async () => {
    answer(plan());
    renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />, { workspace: workspaceView() });
    const card = await screen.findByRole('region', { name: 'At risk' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Write report', 'Budget']);
    expect(rows[0]).toHaveTextContent("can't fit by Tue: Ana has 4h free, it needs 5h");
    expect(rows[1]).toHaveTextContent('Waits for Legal, which is not planned this week');
    expect(await within(card).findByRole('button', { name: 'Reassign Write report to Ben' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Move Write report to next week' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Split Write report in two' })).toBeVisible();
    // Nobody was named for Budget: no reassignment offered.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Reassign/ })).toBeNull();
  });

  it.each([
    ['Reassign Write report to Ben', [{ method: 'PATCH', path: 'tasks/report', body: { version: report.version, assignedTo: 'ben' } }], 'Write report reassigned'],
    // Due the day after the week and pinned there: a new plan of this week leaves it out.
    ['Move Write report to next week', [{ method: 'PATCH', path: 'tasks/report', body: { version: report.version, dueDate: '2026-12-07', pinned: true } }], 'Write report moved to next week'],
    [
      'Split Write report in two',
      [
        { method: 'POST', path: 'tasks', body: expect.objectContaining({ timeEstimate: 150, blockedBy: [{ projectId: 'p1', taskId: 'report' }] }) },
        { method: 'PATCH', path: 'tasks/report', body: { version: report.version, timeEstimate: 150 } },
      ],
      /^Write report split: .+ follows it$/,
    ],
  ])('%s: sends the task writes and confirms them', async (button, expected, toast) => {
    answer(plan());
    const writes = recordWrites();
    const { user } = renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />, { workspace: workspaceView() });
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(writes).toEqual(expected);
  });

  it('says nothing is at risk when the plan kept every deadline, and asks for a plan when there is none', async () => {
    answer(plan({ placements: [], unplaced: [] }));
    const first = renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />);
    expect(await screen.findByText('Nothing at risk: the plan keeps every deadline this week.')).toBeInTheDocument();
    first.unmount();

    answer(null);
    renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />, { workspace: workspaceView() });
    expect(await screen.findByText('Generate a weekly plan to see which deadlines are at risk.')).toBeInTheDocument();
  });

  it('shows nothing of a plan whose week is over', async () => {
    answer(plan({ weekStart: '2026-11-16' }));
    renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />, { workspace: workspaceView() });
    expect(await screen.findByText('Nothing at risk: the plan keeps every deadline this week.')).toBeInTheDocument();
  });

  it("shows each task's labels as chips, named for screen readers (issue 36)", async () => {
    answer(plan());
    server.use(
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [{ ...report, labelIds: ['bug', 'gone'] }, slides, budget], nextCursor: null })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug', color: '#EF4444' })] })),
    );
    renderWithApp(<AtRiskCard workspaceId="ws-1" today="2026-11-30" projects={projects} />, { workspace: workspaceView() });
    const row = (await screen.findByRole('link', { name: 'Write report' })).closest('li') as HTMLElement;
    const chips = await within(row).findByRole('list', { name: 'Labels' });
    // A label deleted since ('gone') shows nothing.
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Bug']);
    expect(chips.querySelector('.label-swatch')).toHaveStyle({ background: '#EF4444' });
    expect(within(screen.getByRole('link', { name: 'Budget' }).closest('li') as HTMLElement).queryByRole('list', { name: 'Labels' })).toBeNull();
  });
});
