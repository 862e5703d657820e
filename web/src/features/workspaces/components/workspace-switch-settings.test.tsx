import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { OWN_TWO_FACTOR_FIRST } from '@shared/schemas/workspace';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ApiTokenAccessSetting, BlockersSetting, NonExpiringTokensSetting, TwoFactorRequirementSetting } from './workspace-switch-settings';

const label = 'Owners and admins must sign in with two-factor authentication';

describe('TwoFactorRequirementSetting', () => {
  it("is the owner's to switch: an admin sees it, unchangeable, and why", () => {
    const workspace = workspaceView({ role: 'admin', requireTwoFactor: true });
    renderWithApp(<TwoFactorRequirementSetting workspace={workspace} />, { workspace });
    expect(screen.getByRole('checkbox', { name: label })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: label })).toBeDisabled();
    expect(screen.getByText(/Only the owner can change this\./)).toBeInTheDocument();
  });

  it("sends the owner's choice, and shows the server's reason when they must turn it on for themselves first", async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: OWN_TWO_FACTOR_FIRST, fields: [{ field: 'requireTwoFactor', message: OWN_TWO_FACTOR_FIRST }] }, { status: 400 });
      }),
    );
    const workspace = workspaceView({ role: 'owner' });
    const { user } = renderWithApp(<TwoFactorRequirementSetting workspace={workspace} />, { workspace });
    await user.click(screen.getByRole('checkbox', { name: label }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OWN_TWO_FACTOR_FIRST);
    expect(sent).toEqual([{ requireTwoFactor: true }]);
    expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
  });
});

describe('the API token settings (issue 38)', () => {
  it('lets an admin turn token access off, sending apiTokensEnabled: false', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ workspace: workspaceView({ role: 'admin', apiTokensEnabled: false }) });
      }),
    );
    const workspace = workspaceView({ role: 'admin' });
    const { user } = renderWithApp(<ApiTokenAccessSetting workspace={workspace} />, { workspace });
    const allow = screen.getByRole('checkbox', { name: 'Allow API tokens' });
    expect(allow).toBeChecked();
    await user.click(allow);
    await waitFor(() => expect(sent).toEqual([{ apiTokensEnabled: false }]));
  });

  it('shows a member both switches, unchangeable, and why', () => {
    const workspace = workspaceView({ role: 'member', allowNonExpiringTokens: true });
    renderWithApp(
      <>
        <ApiTokenAccessSetting workspace={workspace} />
        <NonExpiringTokensSetting workspace={workspace} />
      </>,
      { workspace },
    );
    expect(screen.getByRole('checkbox', { name: 'Allow API tokens' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Allow API tokens that never expire' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Allow API tokens that never expire' })).toBeDisabled();
    expect(screen.getAllByText(/Only owners and admins can change this\./)).toHaveLength(2);
  });
});

describe('the dependencies setting (issue 31)', () => {
  const blockersLabel = "A task can't be completed while a task blocking it is open";

  it('lets an owner turn it on, sending blockersMustBeDone: true', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ workspace: workspaceView({ role: 'owner', blockersMustBeDone: true }) });
      }),
    );
    const workspace = workspaceView({ role: 'owner' });
    const { user } = renderWithApp(<BlockersSetting workspace={workspace} />, { workspace });
    const setting = screen.getByRole('checkbox', { name: blockersLabel });
    expect(setting).not.toBeChecked();
    await user.click(setting);
    await waitFor(() => expect(sent).toEqual([{ blockersMustBeDone: true }]));
  });

  it('shows a member the setting, unchangeable, and why', () => {
    const workspace = workspaceView({ role: 'member', blockersMustBeDone: true });
    renderWithApp(<BlockersSetting workspace={workspace} />, { workspace });
    expect(screen.getByRole('checkbox', { name: blockersLabel })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: blockersLabel })).toBeDisabled();
    expect(screen.getByText(/Only owners and admins can change this\./)).toBeInTheDocument();
  });
});
