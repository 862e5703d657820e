import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskCard } from '../task-board/task-card';
import { TaskDialog } from './task-dialog';

const spec = aTask({ id: 'spec', projectId: 'p1', title: 'Write spec', status: 'in_progress' });
const design = aTask({ id: 'design', projectId: 'p2', title: 'Design review' });
const build = aTask({ id: 'build', projectId: 'p1', title: 'Build it', version: 3, blockedBy: [{ projectId: 'p1', taskId: 'spec' }] });

/** The workspace's open tasks by column, as the task index answers them. */
function openTasks(tasks: ReturnType<typeof aTask>[]) {
  return http.get(api('/workspaces/ws-1/tasks'), ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    return HttpResponse.json({ tasks: tasks.filter((task) => task.status === status), nextCursor: null });
  });
}

describe('dependencies in the task dialog and on cards (issue 31)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', name: 'Apollo' }), aProject({ id: 'p2', name: 'Zephyr' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
    ),
  );

  it('shows Blocked on a card while a blocker is open, naming it for screen readers, and not once it is done', async () => {
    server.use(openTasks([spec, build]));
    const first = renderWithApp(<TaskCard task={build} linked={false} />, { workspace: workspaceView() });
    expect(await screen.findByText('Blocked')).toHaveAttribute('title', 'Blocked by Write spec');
    expect(screen.getByText('Blocked').closest('.task-card-meta')).toHaveTextContent('Blocked by Write spec');
    first.unmount();

    server.use(openTasks([build]));
    renderWithApp(<TaskCard task={build} linked={false} />, { workspace: workspaceView() });
    expect(await screen.findByText('Build it')).toBeInTheDocument();
    // The open tasks have been read (the request answered) and Write spec is not among them.
    await vi.waitFor(() => expect(screen.queryByText('Blocked')).not.toBeInTheDocument());
  });

  it('lists the blockers, adds one from another project, removes one, and sends the whole list with the edit', async () => {
    server.use(openTasks([spec, design, build]));
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/build'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body.blockedBy);
        return HttpResponse.json({ task: { ...build, version: 4, blockedBy: body.blockedBy } });
      }),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={build} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    const blockers = within(dialog).getByRole('group', { name: 'Blocked by' });
    expect(await within(blockers).findByText('Write spec')).toBeInTheDocument();
    expect(within(blockers).getByText('In progress')).toBeInTheDocument();

    const picker = within(blockers).getByLabelText('Add a blocking task');
    // Itself and what already blocks it are not offered; the others are, by project.
    await vi.waitFor(() => expect(within(picker).getByRole('option', { name: 'Design review' })).toBeInTheDocument());
    expect(within(picker).queryByRole('option', { name: 'Build it' })).toBeNull();
    expect(within(picker).queryByRole('option', { name: 'Write spec' })).toBeNull();
    expect(within(picker).getByRole('group', { name: 'Zephyr' })).toContainElement(within(picker).getByRole('option', { name: 'Design review' }));

    await user.selectOptions(picker, 'design');
    await user.click(within(blockers).getByRole('button', { name: 'Remove Write spec from Blocked by' }));
    expect(within(blockers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Design reviewTo doRemove']);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent).toEqual([[{ projectId: 'p2', taskId: 'design' }]]));
  });

  it('shows the server’s refusal of a cycle next to the picker', async () => {
    server.use(
      openTasks([spec, design, build]),
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/build'), () =>
        HttpResponse.json(
          { error: 'blockedBy: That would make a cycle', fields: [{ field: 'blockedBy', message: 'That would make a cycle: Build it → Design review → Build it (each waits for the next)' }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithApp(<TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={build} onClose={() => undefined} onDelete={() => undefined} />, {
      workspace: workspaceView(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    const picker = within(dialog).getByLabelText('Add a blocking task');
    await vi.waitFor(() => expect(within(picker).getByRole('option', { name: 'Design review' })).toBeInTheDocument());
    await user.selectOptions(picker, 'design');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(picker).toHaveAccessibleDescription(/That would make a cycle: Build it → Design review → Build it/));
    expect(picker).toHaveAttribute('aria-invalid', 'true');
  });
});
