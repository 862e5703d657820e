import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiTokenView, WorkspaceApiTokenView } from '@shared/schemas/api-token';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ApiTokensCard, WorkspaceApiTokensCard } from './api-tokens-card';

const SECRET = `tf_${'a'.repeat(43)}`;

function aToken(overrides: Partial<ApiTokenView> = {}): ApiTokenView {
  return {
    id: 'token-1',
    name: 'Reporting',
    scope: 'read',
    workspaceId: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    lastUsedAt: null,
    expiresAt: '2027-01-30T09:00:00.000Z',
    ...overrides,
  };
}

describe('Settings → API tokens (issue 38)', () => {
  let tokens: ApiTokenView[];
  let sent: unknown[];
  let revoked: string[];

  beforeEach(() => {
    tokens = [aToken()];
    sent = [];
    revoked = [];
    server.use(
      http.get(api('/api-tokens'), () => HttpResponse.json({ tokens })),
      http.post(api('/api-tokens'), async ({ request }) => {
        const body = (await request.json()) as { name: string; scope: ApiTokenView['scope']; workspaceId: string | null };
        sent.push(body);
        if (body.name === 'taken') return HttpResponse.json({ error: 'name: too many', fields: [{ field: 'name', message: 'You can have at most 20 API tokens; revoke one first' }] }, { status: 400 });
        const token = aToken({ id: 'token-2', name: body.name, scope: body.scope, workspaceId: body.workspaceId });
        tokens = [token, ...tokens];
        return HttpResponse.json({ token, secret: SECRET }, { status: 201 });
      }),
      http.delete(api('/api-tokens/:tokenId'), ({ params }) => {
        revoked.push(String(params.tokenId));
        tokens = tokens.filter((token) => token.id !== params.tokenId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });

  it('creates a token with a labelled form, shows the secret once in a dialog with Copy, and lists it', async () => {
    const { user } = renderWithApp(<ApiTokensCard />, { workspace: workspaceView({ name: 'Orbit Crew' }) });
    const card = screen.getByRole('region', { name: 'API tokens' });
    expect(await within(card).findByText('Reporting')).toBeInTheDocument();

    await user.type(within(card).getByLabelText('Name'), 'CI script');
    await user.selectOptions(within(card).getByLabelText('Scope'), 'Read and write');
    await user.selectOptions(within(card).getByLabelText('Workspace'), 'Orbit Crew');
    await user.selectOptions(within(card).getByLabelText('Expires'), '30 days');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(sent).toEqual([{ name: 'CI script', scope: 'read-write', workspaceId: 'ws-1', expiresInDays: 30 }]);
    expect(within(dialog).getByLabelText('API token')).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Gone from the page for good: the list never shows a secret.
    expect(await within(card).findByText('CI script')).toBeInTheDocument();
    expect(card).not.toHaveTextContent(SECRET);
    expect(within(card).getByLabelText('Name')).toHaveValue('');
  });

  it('offers Never only when every workspace the token reaches allows it', async () => {
    const { user } = renderWithApp(<ApiTokensCard />, { workspace: workspaceView({ name: 'Orbit Crew', allowNonExpiringTokens: false }) });
    const expires = screen.getByLabelText('Expires');
    expect(within(expires).queryByRole('option', { name: 'Never' })).toBeNull();
    expect(within(expires).getAllByRole('option').map((option) => option.textContent)).toEqual(['30 days', '90 days', '365 days']);
    await user.selectOptions(screen.getByLabelText('Workspace'), 'Orbit Crew');
    expect(within(expires).queryByRole('option', { name: 'Never' })).toBeNull();
  });

  it('lets Never be chosen where the workspace allows it, and sends null', async () => {
    const { user } = renderWithApp(<ApiTokensCard />, { workspace: workspaceView({ allowNonExpiringTokens: true }) });
    await user.type(screen.getByLabelText('Name'), 'Forever');
    await user.selectOptions(screen.getByLabelText('Expires'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(sent).toEqual([{ name: 'Forever', scope: 'read', workspaceId: null, expiresInDays: null }]);
  });

  it("shows the server's refusal under the field it names, and opens no dialog", async () => {
    const { user } = renderWithApp(<ApiTokensCard />, { workspace: workspaceView() });
    await user.type(screen.getByLabelText('Name'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('You can have at most 20 API tokens; revoke one first')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes a token only after the confirmation (an alertdialog), and Cancel keeps it', async () => {
    tokens = [aToken({ lastUsedAt: '2026-11-02T10:00:00.000Z' })];
    const { user } = renderWithApp(<ApiTokensCard />, { workspace: workspaceView() });
    const revoke = await screen.findByRole('button', { name: 'Revoke Reporting' });
    const entry = revoke.closest('li');
    expect(entry).toHaveTextContent('ScopeRead');
    expect(entry).toHaveTextContent('WorkspaceAll workspaces');
    expect(entry).not.toHaveTextContent('Last usedNever');

    await user.click(revoke);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Revoke API token' })).getByRole('button', { name: 'Cancel' }));
    expect(revoked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Reporting' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke API token' });
    expect(confirm).toHaveTextContent('Revoke "Reporting"? Anything using it stops working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    expect(revoked).toEqual(['token-1']);
  });
});

describe('Workspace Settings → API tokens in this workspace', () => {
  const memberToken: WorkspaceApiTokenView = { ...aToken({ id: 'member-token', name: 'Member script', workspaceId: 'ws-1' }), ownerId: 'user-2', ownerEmail: 'bo@example.com' };

  it('shows an admin the tokens that reach the workspace, with their owner, and revokes one after confirming', async () => {
    let listed = [memberToken];
    const revoked: string[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/api-tokens'), () => HttpResponse.json({ tokens: listed })),
      http.delete(api('/workspaces/ws-1/api-tokens/:tokenId'), ({ params }) => {
        revoked.push(String(params.tokenId));
        listed = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const workspace = workspaceView({ role: 'admin', name: 'Orbit Crew' });
    const { user } = renderWithApp(<WorkspaceApiTokensCard workspace={workspace} />, { workspace });
    const card = screen.getByRole('region', { name: 'API tokens in this workspace' });
    expect(await within(card).findByText('bo@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Orbit Crew')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Revoke Member script' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Revoke API token' })).getByRole('button', { name: 'Revoke' }));
    expect(await within(card).findByText('No member has a token that reaches this workspace.')).toBeInTheDocument();
    expect(revoked).toEqual(['member-token']);
  });

  it('shows a member nothing and asks the server nothing (an unanswered request would fail the test)', () => {
    const workspace = workspaceView({ role: 'member' });
    renderWithApp(<WorkspaceApiTokensCard workspace={workspace} />, { workspace });
    expect(screen.queryByRole('region', { name: 'API tokens in this workspace' })).toBeNull();
  });
});
