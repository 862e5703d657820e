import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { AddLink } from './add-link';

describe('Add Link', () => {
  it('refuses a hostile javascript: link, judged once the field is left, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/links'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: 'not expected' }, { status: 500 });
      }),
    );
    const { user } = renderWithApp(<AddLink workspaceId="ws-1" />);

    const form = screen.getByRole('region', { name: 'Add Link' });
    await user.type(within(form).getByLabelText('URL'), 'javascript:alert(document.cookie)');
    // Not at the first keystroke.
    expect(within(form).queryByText('Please enter a valid URL or domain name')).toBeNull();
    await user.tab();
    await user.selectOptions(within(form).getByLabelText('Category'), 'Others');
    expect(within(form).getByText('Please enter a valid URL or domain name')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Link' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Save Link' }));
    expect(sent).toEqual([]);
  });
});
