import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aLabel, aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskView } from './task-view';

const task = aTask({ id: 't1', projectId: 'p1', title: 'Write spec', description: '**Scope** first', version: 4, timeEstimate: 90 });
const taskPath = api('/workspaces/ws-1/projects/p1/tasks/t1');

/** Answers the task's PATCHes with the task as edited, and keeps each body sent. */
function recordEdits(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.patch(taskPath, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ task: { ...task, ...body, version: 5 } });
    }),
  );
  return sent;
}

function open(overrides: Partial<typeof task> = {}) {
  const handlers = { onClose: vi.fn(), onEditAll: vi.fn(), onDelete: vi.fn() };
  const rendered = renderWithApp(<TaskView workspaceId="ws-1" projectName="Apollo" task={{ ...task, ...overrides }} {...handlers} />, { workspace: workspaceView() });
  return { ...rendered, ...handlers, view: screen.getByRole('dialog', { name: 'Write spec' }) };
}

describe('a task as it opens', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/members'), () =>
        HttpResponse.json({ members: [{ userId: 'u-ben', displayName: 'Ben Ode', role: 'member', createdAt: '2026-11-01T09:00:00.000Z' }] }),
      ),
      // What its Blocked by picks from: the workspace's open tasks and projects.
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' })] })),
      http.get(api('/workspaces/ws-1/projects/p1/tasks/t1/comments'), () => HttpResponse.json({ comments: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [aLabel({ id: 'bug', name: 'Bug' }), aLabel({ id: 'docs', name: 'Docs' })] })),
    ),
  );

  it('shows its facts and its description rendered, and changes a fact in place with its key, saved at once with the version', async () => {
    const sent = recordEdits();
    const { user, view } = open();
    expect(within(view).getByRole('button', { name: 'Status: To Do. Change (S)' })).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Estimate: 90 min. Change' })).toBeInTheDocument();
    expect((await within(view).findByText('Scope')).tagName).toBe('STRONG');
    expect(within(view).getByText('Apollo')).toBeInTheDocument();

    // P opens the priority, focused; choosing saves.
    within(view).getByRole('button', { name: 'Status: To Do. Change (S)' }).focus();
    await user.keyboard('p');
    const priority = within(view).getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveFocus();
    await user.selectOptions(priority, 'high');
    await vi.waitFor(() => expect(sent).toEqual([{ priority: 'high', version: 4 }]));

    // A: the assignee, from the workspace's members.
    await user.keyboard('a');
    await user.selectOptions(await within(view).findByRole('combobox', { name: 'Assignee' }), 'Ben Ode');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ assignedTo: 'u-ben', version: 4 });
  });

  it('edits the description with E, and shows a refused change beside its fact', async () => {
    const sent = recordEdits();
    const { user, view } = open();
    within(view).getByRole('button', { name: 'Rename' }).focus();
    await user.keyboard('e');
    const description = within(view).getByRole('combobox', { name: 'Description' });
    expect(description).toHaveFocus();
    await user.clear(description);
    await user.type(description, 'New scope');
    await user.click(within(view).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toEqual([{ description: 'New scope', version: 4 }]));

    await user.click(within(view).getByRole('button', { name: 'Estimate: 90 min. Change' }));
    const estimate = within(view).getByRole('spinbutton', { name: 'Estimate (minutes)' });
    await user.clear(estimate);
    await user.type(estimate, '20{Enter}');
    // Refused before it is sent (the API's own schema), and said where it was typed.
    expect(await within(view).findByText('Time estimate must be in steps of 15 minutes')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    // Back on its fact, so the next key works from there.
    expect(within(view).getByRole('button', { name: 'Estimate: 90 min. Change' })).toHaveFocus();
  });

  it('lists its labels as chips and how it repeats, in words (issue 36)', async () => {
    const { view } = open({ labelIds: ['docs', 'bug', 'gone'], repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,FR', from: 'completion', timeZone: 'UTC' } });
    const labels = within(view).getByText('Labels').nextElementSibling as HTMLElement;
    // In the workspace's order; a label deleted meanwhile shows nothing.
    await vi.waitFor(() => expect(within(labels).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Bug', 'Docs']));
    const repeat = within(view).getByText('Repeat').nextElementSibling as HTMLElement;
    await vi.waitFor(() => expect(repeat).toHaveTextContent('Every week on Monday, Friday (from completion)'));
  });

  it('says a task has no labels and does not repeat', async () => {
    const { view } = open({ labelIds: ['gone'] });
    await vi.waitFor(() => expect(within(view).getByText('Labels').nextElementSibling).toHaveTextContent('None'));
    expect(within(view).getByText('Repeat').nextElementSibling).toHaveTextContent('Does not repeat');
  });

  it('opens the form with Edit all fields, and deletes only after asking', async () => {
    const { user, view, onEditAll, onDelete } = open();
    await user.click(within(view).getByRole('button', { name: 'Edit all fields' }));
    expect(onEditAll).toHaveBeenCalledOnce();
    await user.click(within(view).getByRole('button', { name: 'Delete Task' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Task' })).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('asks before Escape drops a changed description or an unsent comment, and keeps them when told to', async () => {
    const { user, view, onClose } = open();
    // The browser turns Escape into the dialog's cancel event (jsdom does not): sent here as the browser would.
    const escape = () => fireEvent(view, new Event('cancel', { cancelable: true }));
    await user.click(within(view).getByRole('button', { name: 'Edit description' }));
    await user.type(within(view).getByRole('combobox', { name: 'Description' }), ' and more');
    escape();
    const asked = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(within(view).getByRole('combobox', { name: 'Description' })).toHaveValue('**Scope** first and more');
    escape();
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(within(view).queryByRole('combobox', { name: 'Description' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    // Nothing typed: Escape closes at once.
    escape();
    expect(onClose).toHaveBeenCalledOnce();

    await user.type(within(view).getByLabelText('Write a comment'), 'Half a thought');
    escape();
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(within(view).getByLabelText('Write a comment')).toHaveValue('Half a thought');
    escape();
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
