import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { MilestoneDialog } from './milestone-dialog';

const created = (body: { title: string; description?: string; dueDate: string }) => ({
  milestone: {
    id: 'm1',
    projectId: 'p1',
    title: body.title,
    description: body.description ?? '',
    dueDate: body.dueDate,
    completed: false,
    completedAt: null,
    createdBy: 'user-1',
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
    version: 1,
  },
});

function open() {
  const onClose = vi.fn();
  const rendered = renderWithApp(<MilestoneDialog workspaceId="ws-1" projectId="p1" onClose={onClose} />);
  return { ...rendered, onClose, dialog: screen.getByRole('dialog', { name: 'Create New Milestone' }) };
}

describe('Create New Milestone', () => {
  // (Escape on the native dialog is the browser's: the end-to-end tests press it.)
  it('closes at once when nothing was typed', async () => {
    const { user, onClose, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before throwing typed changes away: Cancel keeps them, Discard closes', async () => {
    const { user, onClose, dialog } = open();
    await user.type(within(dialog).getByLabelText('Title'), 'Beta');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Discard changes?' });
    expect(confirm).toHaveTextContent('Your changes have not been saved.');
    // Cancel is the safe choice, and focused.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Beta');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the server’s field error next to its field, then saves and closes', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/projects/p1/milestones'), async ({ request }) => {
        const body = (await request.json()) as { title: string; dueDate: string };
        sent.push(body);
        return sent.length === 1
          ? HttpResponse.json({ error: 'dueDate: too far', fields: [{ field: 'dueDate', message: 'Due date must be before 2100' }] }, { status: 400 })
          : HttpResponse.json(created(body), { status: 201 });
      }),
    );
    const { user, onClose, dialog } = open();
    await user.type(within(dialog).getByLabelText('Title'), 'Beta');
    await user.type(within(dialog).getByLabelText('Due Date'), '2026-12-05');
    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));

    const dueDate = within(dialog).getByLabelText('Due Date');
    await vi.waitFor(() => expect(dueDate).toHaveAttribute('aria-invalid', 'true'));
    expect(dueDate).toHaveAccessibleDescription('Due date must be before 2100');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([
      expect.objectContaining({ title: 'Beta', dueDate: '2026-12-05' }),
      expect.objectContaining({ title: 'Beta', dueDate: '2026-12-05' }),
    ]);
  });
});
