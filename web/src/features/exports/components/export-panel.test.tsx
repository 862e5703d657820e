import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExportView } from '@shared/schemas/export';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ExportPanel, ProjectExportPanel } from './export-panel';

function anExport(overrides: Partial<ExportView> = {}): ExportView {
  return {
    id: 'exp-1',
    scope: 'workspace',
    projectId: null,
    status: 'pending',
    requestedBy: 'user-1',
    createdAt: '2026-12-01T09:00:00.000Z',
    finishedAt: null,
    error: null,
    files: [],
    linksExpireAt: null,
    ...overrides,
  };
}

const done = anExport({
  status: 'done',
  finishedAt: '2026-12-01T09:00:05.000Z',
  files: [
    { name: 'export.json', url: 'http://files.test/exports/exp-1/export.json?sig=1' },
    { name: 'tasks.csv', url: 'http://files.test/exports/exp-1/tasks.csv?sig=1' },
  ],
  linksExpireAt: '2026-12-01T09:05:05.000Z',
});

const panel = <ExportPanel target={{ kind: 'workspace', workspaceId: 'ws-1' }} title="Export" description="Everything in this workspace." buttonLabel="Export workspace" />;

describe('the Export section (issue 39)', () => {
  let reads: number;
  let asked: unknown[];

  beforeEach(() => {
    localStorage.clear();
    reads = 0;
    asked = [];
  });

  it('starts an export, shows it being prepared, then offers its files for download', async () => {
    server.use(
      http.post(api('/workspaces/ws-1/exports'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ export: anExport() }, { status: 201 });
      }),
      http.get(api('/workspaces/ws-1/exports/exp-1'), () => {
        reads += 1;
        return HttpResponse.json({ export: reads < 2 ? anExport() : done });
      }),
    );
    const { user } = renderWithApp(panel);
    const section = screen.getByRole('region', { name: 'Export' });
    await user.click(within(section).getByRole('button', { name: 'Export workspace' }));
    expect(asked).toEqual([{ scope: 'workspace' }]);
    expect(await within(section).findByText(/Preparing your export/)).toBeInTheDocument();
    // The status is announced to screen readers.
    expect(within(section).getByRole('status')).toHaveTextContent(/Preparing your export/);

    const files = await within(section).findByRole('list', { name: 'Export files' }, { timeout: 5000 });
    const json = within(files).getByRole('link', { name: 'Download export.json' });
    expect(json).toHaveAttribute('href', 'http://files.test/exports/exp-1/export.json?sig=1');
    expect(json).toHaveAttribute('download', 'export.json');
    expect(within(files).getByRole('link', { name: 'Download tasks.csv' })).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(/is ready/);
  });

  it('shows the export it started before a reload, ready, without starting another', async () => {
    localStorage.setItem('taskflow.export.ws-1.workspace', 'exp-1');
    server.use(
      http.post(api('/workspaces/ws-1/exports'), () => {
        asked.push('again');
        return HttpResponse.json({ export: anExport() }, { status: 201 });
      }),
      http.get(api('/workspaces/ws-1/exports/exp-1'), () => HttpResponse.json({ export: done })),
    );
    renderWithApp(panel);
    expect(await screen.findByRole('link', { name: 'Download export.json' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows why an export failed, and why one could not start', async () => {
    localStorage.setItem('taskflow.export.ws-1.workspace', 'exp-1');
    server.use(
      http.get(api('/workspaces/ws-1/exports/exp-1'), () => HttpResponse.json({ export: anExport({ status: 'failed', error: 'You are no longer a member of this workspace.' }) })),
      http.post(api('/workspaces/ws-1/exports'), () => HttpResponse.json({ error: 'Only owners and admins can export the whole workspace' }, { status: 403 })),
    );
    const { user } = renderWithApp(panel);
    expect(await screen.findByText('You are no longer a member of this workspace.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export workspace' }));
    await waitFor(() => expect(screen.getByText('Only owners and admins can export the whole workspace')).toBeInTheDocument());
  });

  it("a project's Export project asks for that project's export", async () => {
    server.use(
      http.post(api('/workspaces/ws-1/exports'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ export: anExport({ scope: 'project', projectId: 'p-1' }) }, { status: 201 });
      }),
      http.get(api('/workspaces/ws-1/exports/exp-1'), () => HttpResponse.json({ export: anExport({ scope: 'project', projectId: 'p-1' }) })),
    );
    const { user } = renderWithApp(<ProjectExportPanel workspaceId="ws-1" projectId="p-1" />);
    await user.click(screen.getByRole('button', { name: 'Export project' }));
    expect(asked).toEqual([{ scope: 'project', projectId: 'p-1' }]);
    expect(await screen.findByText(/Preparing your export/)).toBeInTheDocument();
    expect(localStorage.getItem('taskflow.export.ws-1.p-1')).toBe('exp-1');
  });
});
