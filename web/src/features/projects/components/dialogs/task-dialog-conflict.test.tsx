import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectItems } from '@shared/schemas/project';
import { aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { projectItemsQueryOptions } from '../../api/get-project-items';
import { projectKeys } from '../../api/query-keys';
import { TaskDialog } from './task-dialog';

const ours = aTask({ id: 't1', projectId: 'p1', title: 'Fuel check', priority: 'medium', version: 3 });
const theirs = { ...ours, title: 'Fuel check, theirs', version: 4 };

/** The Edit Task dialog as the project page opens it: its task read from the project's cached items. */
function EditFromCache() {
  const task = useQuery(projectItemsQueryOptions('ws-1', 'p1')).data?.tasks.find((candidate) => candidate.id === 't1');
  return task ? <TaskDialog mode="edit" workspaceId="ws-1" projectId="p1" task={task} onClose={() => undefined} onDelete={() => undefined} /> : null;
}

describe('a save refused because someone else saved first (409)', () => {
  it("shows their version, keeping the user's other changes, and saves on top of it (their write pushed just before the save)", async () => {
    let stored: ProjectItems = { tasks: [ours], milestones: [], notes: [] };
    const saves: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1' })] })),
      http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/tasks'), () => HttpResponse.json({ tasks: [], nextCursor: null })),
      http.get(api('/workspaces/ws-1/projects/p1/items'), async () => {
        await delay(50);
        return HttpResponse.json(stored);
      }),
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/t1'), async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ error: 'The item was changed by someone else; reload and try again' }, { status: 409 });
      }),
    );
    const { user, queryClient } = renderWithApp(<EditFromCache />, { workspace: workspaceView() });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Fuel check, mine');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'low');

    // Their title is stored and pushed to this tab: the dialog waits (both changed the title).
    stored = { ...stored, tasks: [theirs] };
    queryClient.setQueryData(projectKeys.items('ws-1', 'p1'), stored);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this in the meantime.');
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue('Fuel check, theirs'));
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('low');
    // Saving again goes on top of their version, not of the refused write's own copy.
    server.use(
      http.patch(api('/workspaces/ws-1/projects/p1/tasks/t1'), async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ task: { ...theirs, priority: 'low', version: 5 } });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ version: 4, priority: 'low' });
  });
});
