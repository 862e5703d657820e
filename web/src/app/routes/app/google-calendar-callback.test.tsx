import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, workspaceView } from '@/testing/render';
import { GoogleCalendarCallbackRoute } from './google-calendar-callback';

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
});
