import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, workspaceView } from '@/testing/render';
import { TwoFactorNeededGate } from './two-factor-needed';

const page = <TwoFactorNeededGate>{<p>Projects page</p>}</TwoFactorNeededGate>;

describe('TwoFactorNeededGate', () => {
  it('shows what to do instead of a page of a workspace that refuses the user until they turn two-factor sign-in on', async () => {
    const { user, location } = renderWithApp(page, { path: '/projects', workspace: workspaceView({ name: 'Orbit Crew', role: 'admin', requireTwoFactor: true, twoFactorNeeded: true }) });
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in required' })).toBeInTheDocument();
    expect(screen.getByText(/Orbit Crew requires owners and admins to sign in with two-factor authentication/)).toBeInTheDocument();
    expect(screen.queryByText('Projects page')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Turn on two-factor sign-in' }));
    expect(location()).toBe('/settings');
  });

  it('leaves account pages open, and every page of a workspace that does not refuse the user', () => {
    renderWithApp(page, { path: '/settings', workspace: workspaceView({ role: 'admin', requireTwoFactor: true, twoFactorNeeded: true }) });
    expect(screen.getByText('Projects page')).toBeInTheDocument();
  });

  it('shows the page to a member (or a user with two-factor on) of a workspace that requires it', () => {
    renderWithApp(page, { path: '/projects', workspace: workspaceView({ role: 'member', requireTwoFactor: true, twoFactorNeeded: false }) });
    expect(screen.getByText('Projects page')).toBeInTheDocument();
  });
});
