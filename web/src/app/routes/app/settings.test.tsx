import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { profileView } from '@/testing/fixtures';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { SettingsRoute } from './settings';

describe('/settings', () => {
  it('without the profile says so with Retry, and still offers the theme and the password change', async () => {
    let profileUp = false;
    server.use(
      http.get(api('/profile'), () =>
        profileUp ? HttpResponse.json({ profile: profileView() }) : HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }),
      ),
      http.get(api('/api-tokens'), () => HttpResponse.json({ tokens: [] })),
      http.get(api('/agent-changes'), () => HttpResponse.json({ changes: [] })),
      http.get(api('/workspaces/:workspaceId/calendar-feed'), () => HttpResponse.json({ feed: null })),
    );
    const { user } = renderWithApp(<SettingsRoute />, { path: '/settings', workspace: workspaceView({ name: 'Orbit Crew' }) });

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent("Couldn't load your preferences");
    expect(failure).toHaveTextContent('Failed to load preferences. Please try refreshing the page.');
    expect(screen.queryByLabelText('Display Name')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    // The workspace's own settings and members are one link away.
    expect(screen.getByRole('link', { name: 'Workspace settings and members' })).toHaveAttribute('href', '/workspaces/settings');
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();

    profileUp = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Display Name')).toHaveValue('ana');
    // (The two-factor card reads Amplify, which this test does not load: its own state is tested end to end.)
    expect(screen.queryByText("Couldn't load your preferences")).toBeNull();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
