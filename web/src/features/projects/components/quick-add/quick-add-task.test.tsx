import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, TEST_USER, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { QuickAddTask } from './quick-add-task';

const path = api('/workspaces/ws-1/projects/p1/tasks');

describe('the quick add line', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    server.use(
      http.get(api('/workspaces/ws-1/members'), () =>
        HttpResponse.json({
          members: [
            { userId: TEST_USER.id, displayName: 'Ana Lima', role: 'owner', createdAt: '2026-11-01T09:00:00.000Z' },
            { userId: 'u-ben', displayName: 'Ben Ode', role: 'member', createdAt: '2026-11-01T09:00:00.000Z' },
          ],
        }),
      ),
    );
    return () => vi.useRealTimers();
  });

  it('shows what it understood as chips, creates the task in its column on Enter, and shows it as saving meanwhile', async () => {
    const sent: unknown[] = [];
    let answer: () => void = () => undefined;
    server.use(
      http.post(path, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ task: aTask({ id: 'new', title: String(body.title) }) }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<QuickAddTask workspaceId="ws-1" projectId="p1" status="in_progress" columnTitle="In Progress" />, { workspace: workspaceView() });
    const line = screen.getByLabelText('Add task to In Progress');
    await user.type(line, 'Write spec tomorrow !high @ben ~90m');
    expect(await screen.findByText('High priority')).toBeInTheDocument();
    expect(screen.getByText('Assigned to Ben Ode')).toBeInTheDocument();
    expect(screen.getByText(/^Due /)).toBeInTheDocument();
    expect(line).toHaveAccessibleDescription(/High priority/);

    await user.keyboard('{Enter}');
    expect(line).toHaveValue('');
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(sent).toEqual([{ title: 'Write spec', description: '', status: 'in_progress', dueDate: '2026-11-24', priority: 'high', assignedTo: 'u-ben', timeEstimate: 90 }]),
    );
    answer();
    await vi.waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument());
  });

  it('gives the text back with the reason when the create is refused, and asks for a title when there is none', async () => {
    server.use(http.post(path, async () => {
      await delay(10);
      return HttpResponse.json({ error: 'Title must be at most 200 characters', fields: [{ field: 'title', message: 'Title must be at most 200 characters' }] }, { status: 400 });
    }));
    const { user } = renderWithApp(<QuickAddTask workspaceId="ws-1" projectId="p1" status="todo" columnTitle="To Do" />, { workspace: workspaceView() });
    const line = screen.getByLabelText('Add task to To Do');
    await user.type(line, '!low{Enter}');
    expect(await screen.findByText('Type a title for the task')).toBeInTheDocument();
    await user.clear(line);
    await user.type(line, 'Too long a title{Enter}');
    await vi.waitFor(() => expect(line).toHaveValue('Too long a title'));
    expect(line).toHaveAccessibleDescription('Title must be at most 200 characters');
    expect(line).toHaveAttribute('aria-invalid', 'true');
  });
});
