import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TrashEntryView } from '@shared/schemas/trash';
import { aProject } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TrashPage } from './trash-page';

const DAY_MS = 86_400_000;

function anEntry(overrides: Partial<TrashEntryView> = {}): TrashEntryView {
  const deletedAt = new Date(Date.now() - 2 * DAY_MS - 60_000);
  return {
    id: 'entry-1',
    kind: 'task',
    itemId: 'task-1',
    title: 'Write the launch post',
    projectId: 'p-1',
    projectName: 'Apollo',
    itemCount: 3,
    deletedBy: 'user-ana',
    deletedAt: deletedAt.toISOString(),
    expiresAt: new Date(deletedAt.getTime() + 30 * DAY_MS).toISOString(),
    ...overrides,
  };
}

describe('the Trash page (issue 37)', () => {
  let entries: TrashEntryView[];
  let purged = false;
  // The workspace's files take 1.5 GB until something is deleted forever.
  const usedBytes = () => (purged ? 1024 ** 3 : 1.5 * 1024 ** 3);
  beforeEach(() => {
    purged = false;
    entries = [anEntry(), anEntry({ id: 'entry-2', kind: 'link', itemId: 'link-1', title: 'Style guide', projectId: null, projectName: null, itemCount: 1, deletedBy: 'user-gone' })];
    server.use(
      http.get(api('/workspaces/ws-1/trash'), () => HttpResponse.json({ entries, nextCursor: null })),
      http.get(api('/workspaces/ws-1/members'), () =>
        HttpResponse.json({ members: [{ userId: 'user-ana', displayName: 'Ana', role: 'member', createdAt: '2026-11-01T09:00:00.000Z' }] }),
      ),
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p-2', name: 'Zeus' })] })),
      http.get(api('/workspaces/ws-1/attachment-usage'), () => HttpResponse.json({ usedBytes: usedBytes(), quotaBytes: 5 * 1024 ** 3 })),
    );
  });

  it('lists each entry with its kind, name, who deleted it, when and the countdown; an owner deletes one forever after confirming', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(api('/workspaces/ws-1/trash/:entryId'), ({ params }) => {
        deleted.push(String(params.entryId));
        purged = true;
        entries = entries.filter((entry) => entry.id !== params.entryId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithApp(<TrashPage workspace={workspaceView({ role: 'owner' })} />, { workspace: workspaceView({ role: 'owner' }) });
    const list = await screen.findByRole('list', { name: 'Deleted items' });
    expect(await screen.findByText(/Files: 1.5 GB of 5 GB used/)).toBeInTheDocument();
    const [task, link] = within(list).getAllByRole('listitem');
    expect(task).toHaveTextContent('Task');
    expect(task).toHaveTextContent('Write the launch post');
    expect(task).toHaveTextContent('Apollo · Deleted by Ana 2 days ago with 2 sub-tasks');
    expect(task).toHaveTextContent('Deleted in 27 days');
    expect(link).toHaveTextContent('Deleted by a former member');

    await user.click(within(list).getByRole('button', { name: 'Delete Style guide forever' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Forever' });
    // Cancel is focused: Enter would not delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByText('Deleted Style guide forever')).toBeInTheDocument();
    expect(deleted).toEqual(['entry-2']);
    // The room a purge makes is read again.
    expect(await screen.findByText(/Files: 1 GB of 5 GB used/)).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Deleted items' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("restores an entry, and asks for a project when the item's own was deleted; a member has no Delete Forever or Empty Trash", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/trash/entry-1/restore'), async ({ request }) => {
        const body = (await request.json()) as { projectId?: string };
        sent.push(body);
        if (!body.projectId) return HttpResponse.json({ error: 'The project "Apollo" was deleted: restore it into another project' }, { status: 409 });
        entries = entries.filter((entry) => entry.id !== 'entry-1');
        return HttpResponse.json({ kind: 'task', itemId: 'task-1', projectId: body.projectId, itemCount: 3 });
      }),
    );
    const { user } = renderWithApp(<TrashPage workspace={workspaceView({ role: 'member' })} />, { workspace: workspaceView({ role: 'member' }) });
    const list = await screen.findByRole('list', { name: 'Deleted items' });
    expect(within(list).queryByRole('button', { name: /forever/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empty Trash' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Restore Write the launch post' }));
    const form = await screen.findByRole('form', { name: 'Restore Write the launch post into a project' });
    expect(within(form).getByText('The project "Apollo" was deleted: restore it into another project')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Project'), 'Zeus');
    await user.click(within(form).getByRole('button', { name: 'Restore Here' }));
    expect(await screen.findByText('Restored Write the launch post')).toBeInTheDocument();
    expect(sent).toEqual([{}, { projectId: 'p-2' }]);
  });

  it("shows a deleted project with what it holds; a refused Restore of it is a toast (no project to pick), and one half-done says so", async () => {
    const project = anEntry({ id: 'entry-3', kind: 'project', itemId: 'p-9', title: 'Borealis', projectId: 'p-9', projectName: 'Borealis', itemCount: 5 });
    entries = [project, { ...project, id: 'entry-4', title: 'Halfway', restoring: true }];
    server.use(
      http.post(api('/workspaces/ws-1/trash/entry-3/restore'), () => HttpResponse.json({ error: 'Its id is taken again, or the workspace is being deleted' }, { status: 409 })),
    );
    const { user } = renderWithApp(<TrashPage workspace={workspaceView({ role: 'owner' })} />, { workspace: workspaceView({ role: 'owner' }) });
    const list = await screen.findByRole('list', { name: 'Deleted items' });
    const [borealis, halfway] = within(list).getAllByRole('listitem');
    expect(borealis).toHaveTextContent('Project');
    expect(borealis).toHaveTextContent('Borealis · Deleted by Ana 2 days ago with 4 items');
    expect(borealis).toHaveTextContent('Deleted in 27 days');
    expect(halfway).toHaveTextContent('Restore began and did not finish: Restore again');

    await user.click(within(list).getByRole('button', { name: 'Restore Borealis' }));
    expect(await screen.findByText('Its id is taken again, or the workspace is being deleted')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Restore Borealis into a project' })).toBeNull();
  });

  it('says when the trash is empty, and offers Retry when it cannot be read', async () => {
    entries = [];
    const { unmount } = renderWithApp(<TrashPage workspace={workspaceView({ role: 'admin' })} />, { workspace: workspaceView({ role: 'admin' }) });
    expect(await screen.findByText('The Trash is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty Trash' })).toBeNull();
    unmount();

    server.use(http.get(api('/workspaces/ws-1/trash'), () => HttpResponse.json({ error: 'Boom' }, { status: 500 })));
    renderWithApp(<TrashPage workspace={workspaceView({ role: 'admin' })} />, { workspace: workspaceView({ role: 'admin' }) });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/Couldn.t load the trash/)).toBeInTheDocument();
  });
});
