import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { CalendarSyncCard, NOT_CONNECTED } from './add-event-dialog';

describe('the Calendar Sync card', () => {
  it("says the connection could not be read, with Retry, rather than 'not connected'", async () => {
    let up = false;
    server.use(
      http.get(api('/workspaces/ws-1/google-calendar/accounts'), () =>
        up ? HttpResponse.json({ accounts: [] }) : HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }),
      ),
    );
    const { user } = renderWithApp(<CalendarSyncCard workspaceId="ws-1" onAddEvent={() => undefined} />, { workspace: workspaceView() });
    const card = await screen.findByRole('region', { name: 'Calendar Sync' });
    const failure = await within(card).findByRole('alert');
    expect(failure).toHaveTextContent("Couldn't load your Google Calendar connection");
    expect(card).not.toHaveTextContent(NOT_CONNECTED);

    up = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText(NOT_CONNECTED)).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
