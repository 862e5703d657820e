import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskCard } from '../task-board/task-card';
import { TaskDialog } from './task-dialog';

const report = aTask({ id: 'report', projectId: 'p1', title: 'Monthly report', dueDate: '2027-01-29', version: 2 });

describe('repeating tasks in the task dialog and on cards (issue 36)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
    ),
  );

  it('says Repeats on a card, how in words for screen readers', async () => {
    renderWithApp(<TaskCard task={{ ...report, repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2', from: 'completion', timeZone: 'UTC' } }} linked={false} />, {
      workspace: workspaceView(),
    });
    // 'Repeats' at once; its words when they have loaded (after the card).
    expect(screen.getByText('Repeats')).toBeInTheDocument();
    const badge = await screen.findByTitle('Repeats every 2 weeks (from completion)');
    expect(badge).toHaveTextContent('Repeats every 2 weeks (from completion)');
  });

  it('picks "the last Friday" from the completion date with labelled controls, sends the RRULE, and shows the server refusal on the picker', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/report'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body.repeat);
        if (sent.length === 1) {
          return HttpResponse.json({ error: 'repeat.rule: Repeat must occur', fields: [{ field: 'repeat.rule', message: 'Repeat must occur at least once in 10 years' }] }, { status: 400 });
        }
        return HttpResponse.json({ task: { ...report, version: 3, repeat: body.repeat } });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={report} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    const repeat = within(dialog).getByRole('group', { name: 'Repeat' });
    const kind = within(repeat).getByLabelText('How often');
    expect(kind).toHaveValue('none');
    await user.selectOptions(kind, 'monthlyOnWeekday');
    // It starts from the due date: 29 January 2027 is the last Friday of its month.
    expect(within(repeat).getByLabelText('Which')).toHaveValue('-1');
    expect(within(repeat).getByLabelText('Day')).toHaveValue('friday');
    await user.selectOptions(within(repeat).getByLabelText('Next date counts from'), 'completion');

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(kind).toHaveAccessibleDescription('Repeat must occur at least once in 10 years'));
    expect(sent[0]).toEqual({ rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'completion', timeZone: expect.any(String) });

    await user.selectOptions(kind, 'weekly');
    const days = within(repeat).getByRole('group', { name: 'Repeat on' });
    expect(within(days).getByLabelText('Friday')).toBeChecked();
    await user.click(within(days).getByLabelText('Monday'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent[1]).toMatchObject({ rule: 'FREQ=WEEKLY;BYDAY=MO,FR', from: 'completion' }));
  });

  it('writes "every 3 days" and "monthly on day 31" from their number boxes, keeping what is typed within bounds', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/projects/p1/tasks'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body.repeat);
        return HttpResponse.json({ task: { ...report, id: `t${sent.length}`, repeat: body.repeat } }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="create" workspaceId="ws-1" projectId="p1" dueDate="2027-01-31" onClose={() => undefined} />, { workspace: workspaceView() });
    const dialog = screen.getByRole('dialog', { name: 'Create New Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Water plants');
    const kind = within(dialog).getByLabelText('How often');
    await user.selectOptions(kind, 'monthlyOnDay');
    expect(within(dialog).getByLabelText('Day of the month')).toHaveValue(31);
    await user.selectOptions(kind, 'every');
    const every = within(dialog).getByLabelText('Every');
    await user.clear(every);
    await user.type(every, '300');
    await user.tab();
    expect(every).toHaveValue(99);
    await user.clear(every);
    await user.type(every, '3');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'day');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await vi.waitFor(() => expect(sent).toEqual([{ rule: 'FREQ=DAILY;INTERVAL=3', from: 'due', timeZone: expect.any(String) }]));
  });

  it('stops repeating with "Does not repeat" (sends null)', async () => {
    const sent: unknown[] = [];
    const repeating = { ...report, repeat: { rule: 'FREQ=DAILY', from: 'due' as const, timeZone: 'UTC' } };
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/report'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body.repeat);
        return HttpResponse.json({ task: { ...report, version: 3 } });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={repeating} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    const kind = within(dialog).getByLabelText('How often');
    expect(kind).toHaveValue('daily');
    await user.selectOptions(kind, 'none');
    expect(within(dialog).queryByLabelText('Next date counts from')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent).toEqual([null]));
  });

  it('skips this occurrence of a repeating task (the server moves its due date)', async () => {
    const sent: unknown[] = [];
    const repeating = { ...report, repeat: { rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'due' as const, timeZone: 'UTC' } };
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/report'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ task: { ...repeating, dueDate: '2027-02-26', version: 3 } });
      }),
    );
    let closed = false;
    const { user } = renderWithApp(
      <TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={repeating} onClose={() => (closed = true)} onDelete={() => undefined} />,
      { workspace: workspaceView() },
    );
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Task' })).getByRole('button', { name: 'Skip this occurrence' }));
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(sent).toEqual([{ skipOccurrence: true, version: 2 }]);
  });


  it('asks whether an edit of a repeating task is for this occurrence only, and sends it so', async () => {
    const sent: Record<string, unknown>[] = [];
    const repeating = { ...report, repeat: { rule: 'FREQ=DAILY', from: 'due' as const, timeZone: 'UTC' } };
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/report'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ task: { ...repeating, title: String(body.title), version: 3 } });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={repeating} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    const scope = within(dialog).getByRole('group', { name: 'Apply the changes to' });
    expect(within(scope).getByRole('radio', { name: 'This and the following occurrences' })).toBeChecked();
    await user.click(within(scope).getByRole('radio', { name: 'This occurrence only' }));
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Report (short)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent[0]).toMatchObject({ title: 'Report (short)', occurrenceOnly: true }));
  });

  it('offers no skip and asks no scope for a task that does not repeat', () => {
    renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={report} onClose={() => undefined} onDelete={() => undefined} />, { workspace: workspaceView() });
    expect(screen.queryByRole('button', { name: 'Skip this occurrence' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Apply the changes to' })).toBeNull();
  });
});
