import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useGoogleAccounts } from '@/features/google-calendar/api/google-calendar';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { CALLBACK_REDIRECT_MS, GoogleCalendarCallbackRoute } from './google-calendar-callback';

function AccountsWatcher() {
  useGoogleAccounts('ws-1');
  return null;
}

describe('/integrations/google-calendar/callback', () => {
  it('explains a cancelled authorization and offers Try Again', async () => {
    renderWithApp(<GoogleCalendarCallbackRoute />, { path: '/integrations/google-calendar/callback?error=access_denied', workspace: workspaceView() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Authorization was cancelled or failed');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/integrations/google-calendar');
  });

  it('without a code says none came, and goes back to Integrations', async () => {
    const { user, location } = renderWithApp(<GoogleCalendarCallbackRoute />, { path: '/integrations/google-calendar/callback', workspace: workspaceView() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No authorization code received');
    await user.click(screen.getByRole('link', { name: 'Back to Integrations' }));
    expect(location()).toBe('/integrations');
  });

  it('connects, says so, and moves on to the settings by itself after 2 seconds, even while the accounts still load', async () => {
    let accountReads = 0;
    server.use(
      http.post(api('/workspaces/ws-1/google-calendar/accounts'), () =>
        HttpResponse.json(
          { account: { id: 'g1', email: 'alex@example.test', name: 'Alex', picture: '', needsReconnect: false, connectedAt: '2026-11-28T09:00:00.000Z', calendars: [] } },
          { status: 201 },
        ),
      ),
      // Reading the accounts again hangs: the page must not wait for it.
      http.get(api('/workspaces/ws-1/google-calendar/accounts'), async () => {
        accountReads += 1;
        // The first read answers; the one after the connection never does.
        if (accountReads > 1) await delay('infinite');
        return HttpResponse.json({ accounts: [] });
      }),
    );
    const started = Date.now();
    // Something on screen watches the accounts (the shell does), so the connection makes them read again.
    const { location } = renderWithApp(
      <>
        <AccountsWatcher />
        <GoogleCalendarCallbackRoute />
      </>,
      { path: '/integrations/google-calendar/callback?code=abc&state=xyz', workspace: workspaceView() },
    );
    expect(await screen.findByText('Google Calendar connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Settings' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/integrations/google-calendar'), { timeout: 4_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(CALLBACK_REDIRECT_MS - 50);
    expect(accountReads).toBe(2);
  });
});
