import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { AssistantPanel } from './assistant-panel';

// The panel's chunk does not arrive (the network dropped while it came).
vi.mock('@/features/assistant/components/chat-panel', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/chat-panel.js');
});

describe('the assistant panel', () => {
  it('whose code fails to load says so in its place, with Reload and Close; the page beside it works', async () => {
    // React reports the failed import it caught in the boundary.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [] })));
    // A wide window: the panel fits beside the page, so it is open by default (features/assistant/utils/chat-panel-layout.ts).
    const wide = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1440);
    const { user } = renderWithApp(
      <>
        <main>
          <h1>Dashboard</h1>
        </main>
        <AssistantPanel />
      </>,
      { path: '/dashboard', workspace: workspaceView() },
    );

    const panel = await screen.findByRole('complementary', { name: 'AI Assistant' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The assistant could not load. Check the connection and try again.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Unexpected Application Error!');

    await user.click(screen.getByRole('button', { name: 'Close AI chat' }));
    expect(screen.getByRole('button', { name: 'Open AI chat' })).toHaveFocus();
    expect(reported).toHaveBeenCalled();
    reported.mockRestore();
    wide.mockRestore();
  });
});
