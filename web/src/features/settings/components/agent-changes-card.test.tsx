import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AgentChangeView } from '@shared/schemas/agent-change';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { AgentChangesCard, NO_AGENT_CHANGES } from './agent-changes-card';

const change = (fields: Partial<AgentChangeView>): AgentChangeView => ({
  token: 'token-1',
  workspaceId: 'ws-1',
  workspaceName: 'Acme',
  tool: 'create_task',
  label: 'Created "Draft the brief"',
  agentName: 'Claude Desktop',
  madeAt: new Date().toISOString(),
  undoneMessage: null,
  ...fields,
});

describe('the Changes by AI agents card', () => {
  it('lists what agents changed and undoes one with the assistant undo, then shows it undone', async () => {
    let changes = [change({}), change({ token: 'token-2', label: 'Completed "Ship it"', undoneMessage: 'Undone: Completed "Ship it"' })];
    const undone: unknown[] = [];
    server.use(
      http.get(api('/agent-changes'), () => HttpResponse.json({ changes })),
      http.post(api('/workspaces/ws-1/assistant/undo'), async ({ request }) => {
        undone.push(await request.json());
        changes = changes.map((item) => (item.token === 'token-1' ? { ...item, undoneMessage: 'Undone: Created "Draft the brief"' } : item));
        return HttpResponse.json({ message: 'Undone: Created "Draft the brief"' });
      }),
    );
    const { user } = renderWithApp(<AgentChangesCard />);
    const card = screen.getByRole('region', { name: 'Changes by AI agents' });
    const first = (await within(card).findByText('Created "Draft the brief"')).closest('li');
    expect(first).not.toBeNull();
    expect(within(first as HTMLElement).getByText(/Claude Desktop · Acme/)).toBeInTheDocument();
    // One already undone has no Undo.
    expect(within(card).getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Undo: Created "Draft the brief"' }));
    expect(undone).toEqual([{ token: 'token-1' }]);
    expect(await within(card).findByText('Undone: Created "Draft the brief"')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('says when there is nothing', async () => {
    server.use(http.get(api('/agent-changes'), () => HttpResponse.json({ changes: [] })));
    renderWithApp(<AgentChangesCard />);
    expect(await screen.findByText(NO_AGENT_CHANGES)).toBeInTheDocument();
  });

  it('says why an undo was refused', async () => {
    server.use(
      http.get(api('/agent-changes'), () => HttpResponse.json({ changes: [change({})] })),
      http.post(api('/workspaces/ws-1/assistant/undo'), () =>
        HttpResponse.json({ error: 'It has changed since the assistant wrote it; nothing was undone.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithApp(<AgentChangesCard />);
    await user.click(await screen.findByRole('button', { name: 'Undo: Created "Draft the brief"' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It has changed since the assistant wrote it');
  });
});
