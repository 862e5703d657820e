import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedWeeklyPlan } from '@shared/schemas/weekly-plan';
import { aLabel, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { WeeklyPlanCard } from './weekly-plan-card';

/** The saved plan the card reads its reasons from (GET /workspaces/ws-1/weekly-plan). */
const savedPlan = (weeklyPlan: SavedWeeklyPlan | null) => http.get(api('/workspaces/ws-1/weekly-plan'), () => HttpResponse.json({ weeklyPlan }));
const week = (tasks: unknown[]) => http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks, nextCursor: null }));
const projects = [{ id: 'p1', name: 'Plan', color: '#3b82f6' }];

describe('the Weekly Plan card', () => {
  beforeEach(() => server.use(savedPlan(null)));

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
      <WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={[{ id: 'p1', name: 'Plan', color: '#3b82f6' }]} planScope="team" onPin={() => undefined} />,
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
    // Overdue work alone is no plan: the card still offers to make one.
    server.use(week([aTask({ id: 'late', title: 'Old report', dueDate: '2026-11-25' })]));
    const first = renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Generate Your Weekly Plan' })).toBeInTheDocument();
    first.unmount();

    server.use(week([aTask({ id: 'late', title: 'Old report', dueDate: '2026-11-25' }), aTask({ id: 'next', title: 'Ship it', dueDate: '2026-12-01' })]));
    renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />);
    const schedule = await screen.findByRole('region', { name: "This Week's Schedule" });
    const late = within(schedule).getByRole('link', { name: 'Old report' }).closest('li');
    expect(late).toHaveTextContent('Late · was due 25 Nov');
    expect(within(schedule).getByRole('button', { name: /^Monday Today 1 task/ })).toBeInTheDocument();
  });

  it("shows each planned task's labels as chips (issue 36)", async () => {
    server.use(
      week([aTask({ id: 'next', title: 'Ship it', dueDate: '2026-11-30', labelIds: ['bug'] }), aTask({ id: 'other', title: 'Plain', dueDate: '2026-11-30' })]),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' })] })),
    );
    renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />, { workspace: workspaceView() });
    const schedule = await screen.findByRole('region', { name: "This Week's Schedule" });
    const row = within(schedule).getByRole('link', { name: 'Ship it' }).closest('li') as HTMLElement;
    expect(await within(row).findByRole('list', { name: 'Labels' })).toHaveTextContent('Bug');
    expect(within(within(schedule).getByRole('link', { name: 'Plain' }).closest('li') as HTMLElement).queryByRole('list', { name: 'Labels' })).toBeNull();
  });

  it("shows the saved plan's reasons (after a reload too), but not for a task moved since, and flags a day over capacity", async () => {
    server.use(
      week([
        aTask({ id: 'kept', title: 'Write brief', dueDate: '2026-12-01' }),
        aTask({ id: 'moved', title: 'Call Ana', dueDate: '2026-12-03' }),
        aTask({ id: 'late', title: 'Old report', dueDate: '2026-11-25' }),
      ]),
      savedPlan({
        generatedAt: '2026-11-30T08:00:00.000Z',
        weekStart: '2026-11-30',
        placements: [
          { taskId: 'kept', date: '2026-12-01', reason: 'Tue: due that day', overCapacity: true },
          { taskId: 'moved', date: '2026-12-02', reason: 'Wed: spreads the team’s week' },
          { taskId: 'late', date: '2026-11-30', reason: 'Mon: late: was due 25 Nov', late: true },
        ],
        unplaced: [{ taskId: 'big', projectId: 'p1', title: 'Migrate', reason: 'Longer than anyone’s free time this week' }],
        conflicts: [],
      }),
    );
    const { user } = renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />);
    const schedule = await screen.findByRole('region', { name: "This Week's Schedule" });
    const row = (title: string) => within(schedule).getByRole('link', { name: title }).closest('li') as HTMLElement;

    // Today is open: the late task's reason is there.
    await user.click(within(row('Old report')).getByText('Why this day?'));
    expect(row('Old report')).toHaveTextContent('Mon: late: was due 25 Nov');
    await user.click(within(schedule).getByRole('button', { name: /^Tuesday/ }));
    expect(row('Write brief')).toHaveTextContent('Over capacity');
    expect(row('Write brief')).toHaveTextContent('Tue: due that day');
    // Moved to Thursday after the plan put it on Wednesday: the plan's reason no longer holds.
    await user.click(within(schedule).getByRole('button', { name: /^Thursday/ }));
    expect(within(row('Call Ana')).queryByText('Why this day?')).toBeNull();
    expect(row('Call Ana')).not.toHaveTextContent('Over capacity');
    // What the plan could not place is listed with the reason.
    await user.click(within(schedule.parentElement ?? schedule).getByText('1 not placed'));
    expect(screen.getByRole('link', { name: 'Migrate' }).closest('li')).toHaveTextContent('Longer than anyone’s free time this week');
  });

  it('warns a member that Generate dates only their own tasks, and an owner that it dates everyone’s', async () => {
    server.use(week([aTask({ id: 'next', title: 'Ship it', dueDate: '2026-12-01' })]));
    const member = renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="own" onPin={() => undefined} />);
    await member.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Update Due Dates' })).toHaveTextContent('your pending tasks');
    member.unmount();

    const owner = renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />);
    await owner.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Update Due Dates' })).toHaveTextContent('all pending tasks');
  });

  it('says the read failed once its first retry failed too, while the last try is still under way', async () => {
    let reads = 0;
    server.use(
      http.get(api('/workspaces/ws-1/tasks'), async () => {
        reads += 1;
        // A slow API: the last try never answers within the test.
        if (reads > 2) await delay('infinite');
        return HttpResponse.json({ error: 'Service unavailable' }, { status: 503 });
      }),
    );
    renderWithApp(<WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={() => undefined} />);
    const plan = await screen.findByRole('region', { name: 'Weekly Plan' });
    expect(await within(plan).findByRole('alert')).toHaveTextContent("Couldn't load this week's tasks");
    expect(reads).toBe(3);
  });

  it('pins a task to its day from the plan (the task as read, to write with its version) and shows a pinned one as pinned', async () => {
    const pins: [string, number, boolean][] = [];
    server.use(
      week([
        aTask({ id: 'next', projectId: 'p1', title: 'Ship it', dueDate: '2026-11-30', version: 3 }),
        aTask({ id: 'fixed', projectId: 'p1', title: 'Board prep', dueDate: '2026-11-30', version: 7, pinned: true }),
      ]),
    );
    const { user } = renderWithApp(
      <WeeklyPlanCard workspaceId="ws-1" today="2026-11-30" projects={projects} planScope="team" onPin={(task, pinned) => pins.push([task.id, task.version, pinned])} />,
    );
    const pin = await screen.findByRole('button', { name: 'Pin to Monday: Ship it' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    const pinned = screen.getByRole('button', { name: 'Pinned to Monday: Board prep' });
    expect(pinned).toHaveAttribute('aria-pressed', 'true');
    await user.click(pin);
    await user.click(pinned);
    expect(pins).toEqual([
      ['next', 3, true],
      ['fixed', 7, false],
    ]);
  });
});
