import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { WeeklyPlanCard } from './weekly-plan-card';

describe('the Weekly Plan card', () => {
  it("without this week's tasks says so with Retry, never 'Generate Your Weekly Plan'", async () => {
    // Generating then would rewrite the due dates of a plan the user cannot see.
    let tasksUp = false;
    const weekReads: URL[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/tasks'), ({ request }) => {
        weekReads.push(new URL(request.url));
        return tasksUp ? HttpResponse.json({ tasks: [], nextCursor: null }) : HttpResponse.json({ error: 'Service unavailable' }, { status: 503 });
      }),
    );
    const { user } = renderWithApp(
      <WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={[{ id: 'p1', name: 'Plan', color: '#3b82f6' }]} />,
    );

    const plan = await screen.findByRole('region', { name: 'Weekly Plan' });
    const failure = await within(plan).findByRole('alert');
    expect(failure).toHaveTextContent("Couldn't load this week's tasks");
    expect(within(plan).queryByRole('button', { name: 'Generate Your Weekly Plan' })).toBeNull();
    // The week's tasks are the index's, by due date (tried three times before the card gave up).
    expect(weekReads.map((url) => url.searchParams.get('by'))).toEqual(['due', 'due', 'due']);

    tasksUp = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(plan).findByRole('button', { name: 'Generate Your Weekly Plan' })).toBeInTheDocument();
    expect(within(plan).queryByRole('alert')).toBeNull();
  });

  it('keeps overdue work in view on today once there is a plan, marked late with the date that passed', async () => {
    const week = (tasks: unknown[]) => http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks, nextCursor: null }));
    const projects = [{ id: 'p1', name: 'Plan', color: '#3b82f6' }];
    // Overdue work alone is no plan: the card still offers to make one.
    server.use(week([aTask({ id: 'late', title: 'Old report', dueDate: '2026-11-25' })]));
    const first = renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} />);
    expect(await screen.findByRole('button', { name: 'Generate Your Weekly Plan' })).toBeInTheDocument();
    first.unmount();

    server.use(week([aTask({ id: 'late', title: 'Old report', dueDate: '2026-11-25' }), aTask({ id: 'next', title: 'Ship it', dueDate: '2026-12-01' })]));
    renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} />);
    const schedule = await screen.findByRole('region', { name: "This Week's Schedule" });
    const late = within(schedule).getByRole('link', { name: 'Old report' }).closest('li');
    expect(late).toHaveTextContent('Late · was due 25 Nov');
    expect(within(schedule).getByRole('button', { name: /^Monday Today 1 task/ })).toBeInTheDocument();
  });
});
