import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@shared/openapi';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ApiReferenceView } from './api-reference';

describe('the API reference', () => {
  it("shows the server's own document: conventions, every route by group, a route's body schema, and a filter", async () => {
    const document = openApiDocument();
    const total = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    server.use(http.get(api('/openapi.json'), () => HttpResponse.json(document)));
    const { user } = renderWithApp(<ApiReferenceView />);
    expect(await screen.findByText(`${total} routes`)).toBeInTheDocument();
    expect(screen.getByText(/Pagination\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'labels' })).toBeInTheDocument();

    // Listing and creating labels: one path, two methods.
    expect(screen.getAllByText('/workspaces/{workspaceId}/labels', { selector: 'code', exact: true })).toHaveLength(2);
    await user.type(screen.getByLabelText('Filter routes'), 'calendar-feeds');
    expect(await screen.findByText(`1 of ${total} routes`)).toBeInTheDocument();
    const feed = screen.getByText('/calendar-feeds/{secret}', { selector: 'code' }).closest('details') as HTMLElement;
    await user.click(within(feed).getByText('Serve Calendar Feed'));
    expect(within(feed).getByText('Public: no credential needed.')).toBeVisible();
    expect(within(feed).getByRole('table', { name: 'Parameters' })).toHaveTextContent('secret');
  });

  it('says when the document cannot be read', async () => {
    server.use(http.get(api('/openapi.json'), () => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 })));
    renderWithApp(<ApiReferenceView />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the API reference");
  });
});
