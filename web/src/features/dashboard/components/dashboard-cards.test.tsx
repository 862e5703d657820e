import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardView } from '@shared/schemas/dashboard';
import { aLabel, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { DashboardCards } from './dashboard-cards';

const dashboard = (today: DashboardView['today']): DashboardView => ({
  tasks: { total: 2, completed: 0, overdue: 1, completionRate: 0 },
  team: { members: 1, assignedTasks: 0, completedLast7Days: 0, assignmentRate: 0 },
  workload: [],
  today,
  activity: [],
});

describe("Today's Overview", () => {
  it("shows each task's labels as chips, as the board's cards do (issue 36)", async () => {
    server.use(
      http.get(api('/workspaces/ws-1/dashboard'), () =>
        HttpResponse.json({
          dashboard: dashboard({
            overdue: [aTask({ id: 't1', title: 'Fix crash', dueDate: '2026-11-01', labelIds: ['bug', 'docs'] })],
            dueToday: [aTask({ id: 't2', title: 'Write manual', dueDate: '2026-12-07' })],
            overdueCount: 1,
            dueTodayCount: 1,
          }),
        }),
      ),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' }), aLabel({ id: 'docs', name: 'Docs' })] })),
    );
    renderWithApp(<DashboardCards workspaceId="ws-1" today="2026-12-07" />, { workspace: workspaceView() });
    const overdue = (await screen.findByRole('link', { name: 'Fix crash' })).closest('li') as HTMLElement;
    const chips = await within(overdue).findByRole('list', { name: 'Labels' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Bug', 'Docs']);
    expect(within(screen.getByRole('link', { name: 'Write manual' }).closest('li') as HTMLElement).queryByRole('list', { name: 'Labels' })).toBeNull();
  });
});
