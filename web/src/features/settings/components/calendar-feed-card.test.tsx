import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CalendarFeedView, SaveCalendarFeedInput } from '@shared/schemas/calendar-feed';
import { renderWithApp } from '@/testing/render';
import { api, server, TEST_CONFIG } from '@/testing/server';
import { CalendarFeedCard } from './calendar-feed-card';

const feedPath = api('/workspaces/ws-1/calendar-feed');

describe('the Calendar feed card', () => {
  it('turns the feed on, shows its address, changes its tasks, resets the address after a confirmation and turns it off', async () => {
    let feed: CalendarFeedView | null = null;
    const saves: SaveCalendarFeedInput[] = [];
    let secrets = 0;
    server.use(
      http.get(feedPath, () => HttpResponse.json({ feed })),
      http.put(feedPath, async ({ request }) => {
        const body = (await request.json()) as SaveCalendarFeedInput;
        saves.push(body);
        if (!feed || body.newSecret) secrets += 1;
        feed = { secret: `secret-${secrets}`, scope: body.scope, createdAt: '2026-12-07T10:00:00.000Z' };
        return HttpResponse.json({ feed });
      }),
      http.delete(feedPath, () => {
        feed = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithApp(<CalendarFeedCard workspaceId="ws-1" workspaceName="Acme" />);
    const card = screen.getByRole('region', { name: 'Calendar feed' });
    await user.click(await within(card).findByRole('button', { name: 'Turn On Calendar Feed' }));
    const address = await within(card).findByLabelText('Feed address');
    expect(address).toHaveValue(`${TEST_CONFIG.apiUrl}/calendar-feeds/secret-1`);
    expect(within(card).getByRole('radio', { name: 'My tasks' })).toBeChecked();

    await user.click(within(card).getByRole('radio', { name: 'All tasks of the workspace' }));
    expect(await within(card).findByRole('radio', { name: 'All tasks of the workspace' })).toBeChecked();

    await user.click(within(card).getByRole('button', { name: 'Reset Address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset feed address' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Address' }));
    expect(await within(card).findByDisplayValue(`${TEST_CONFIG.apiUrl}/calendar-feeds/secret-2`)).toBeInTheDocument();
    expect(saves).toEqual([{ scope: 'mine' }, { scope: 'workspace' }, { scope: 'workspace', newSecret: true }]);

    await user.click(within(card).getByRole('button', { name: 'Turn Off' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Turn off calendar feed' })).getByRole('button', { name: 'Turn Off' }));
    expect(await within(card).findByRole('button', { name: 'Turn On Calendar Feed' })).toBeInTheDocument();
  });

  it('says why a change failed', async () => {
    server.use(
      http.get(feedPath, () => HttpResponse.json({ feed: null })),
      http.put(feedPath, () => HttpResponse.json({ error: 'Workspace not found' }, { status: 404 })),
    );
    const { user } = renderWithApp(<CalendarFeedCard workspaceId="ws-1" workspaceName="Acme" />);
    await user.click(await screen.findByRole('button', { name: 'Turn On Calendar Feed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Workspace not found');
  });
});
