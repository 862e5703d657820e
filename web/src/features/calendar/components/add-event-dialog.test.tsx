import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GoogleAccountView } from '@shared/schemas/google-calendar';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { AddEventDialog } from './add-event-dialog';

const account: GoogleAccountView = {
  id: 'g1',
  email: 'ana@example.test',
  name: 'Ana',
  picture: '',
  needsReconnect: false,
  connectedAt: '2026-11-28T09:00:00.000Z',
  calendars: [
    { id: 'cal-1', summary: 'Work', description: '', primary: true, backgroundColor: '#000000', accessRole: 'owner', enabled: true, projectId: null, syncError: null },
  ],
};

describe('Add Event for a task', () => {
  it("sends the task's description with its mentions by name, never as tokens", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/google-calendar/accounts'), () => HttpResponse.json({ accounts: [account] })),
      http.get(api('/workspaces/ws-1/members'), () =>
        HttpResponse.json({ members: [{ userId: 'u-bo', displayName: 'Bo Chen', role: 'member', createdAt: '2026-11-01T09:00:00.000Z' }] }),
      ),
      http.post(api('/workspaces/ws-1/google-calendar/events'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: 'Not now' }, { status: 503 });
      }),
    );
    const task = aTask({ id: 't1', projectId: 'p1', title: 'Plan', description: 'Ask @[u-bo] and @[u-gone]', dueDate: '2026-12-10' });
    const { user } = renderWithApp(<AddEventDialog workspaceId="ws-1" task={task} onClose={() => undefined} />, { workspace: workspaceView() });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Calendar' })).toHaveValue('cal-1'));
    const add = within(dialog).getByRole('button', { name: 'Create Event' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ summary: 'Plan', description: 'Ask @Bo Chen and @A former member' })]));
  });
});
