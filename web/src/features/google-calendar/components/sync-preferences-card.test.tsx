import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { profileView } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { SyncPreferencesCard } from './sync-preferences-card';

describe('Sync Preferences', () => {
  it('without the profile says so with Retry and offers no Save, so defaults never overwrite what is stored', async () => {
    const calendarSync = { syncDeadlines: false, syncMeetings: true, createTimeBlocks: true, twoWaySync: true, reminderOffset: 30 } as const;
    let profileUp = false;
    const writes: unknown[] = [];
    server.use(
      http.get(api('/profile'), () =>
        profileUp ? HttpResponse.json({ profile: profileView({ calendarSync }) }) : HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }),
      ),
      http.patch(api('/profile'), async ({ request }) => {
        writes.push(await request.json());
        return HttpResponse.json({ error: 'not expected' }, { status: 500 });
      }),
    );
    const { user } = renderWithApp(<SyncPreferencesCard />);

    const card = await screen.findByRole('region', { name: 'Sync Preferences' });
    const failure = await within(card).findByRole('alert');
    expect(failure).toHaveTextContent("Couldn't load your sync preferences.");
    expect(within(card).queryByRole('button', { name: 'Save Preferences' })).toBeNull();
    expect(within(card).queryAllByRole('switch')).toHaveLength(0);

    profileUp = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('switch', { name: 'Two-way sync' })).toHaveAttribute('aria-checked', 'true');
    expect(within(card).getByRole('switch', { name: 'Sync task deadlines' })).toHaveAttribute('aria-checked', 'false');
    expect(within(card).getByLabelText('Reminder for events you add')).toHaveValue('30');
    expect(within(card).getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
    expect(writes).toEqual([]);
  });
});
