import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { InviteMemberDialog } from './invite-member-dialog';

describe('Invite Member', () => {
  it('refused by an abuse limit (429) says when to try again, from its Retry-After, and keeps the address', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/invitations'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: 'You can send at most 20 invitations per hour.' }, { status: 429, headers: { 'retry-after': '720' } });
      }),
    );
    const { user } = renderWithApp(
      <InviteMemberDialog workspace={{ id: 'ws-1', name: 'Orbit Crew' }} inviter={{ email: 'ana@example.com' }} onClose={() => undefined} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    await user.type(within(dialog).getByLabelText('Email'), 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can send at most 20 invitations per hour. Try again in 12 minutes.');
    expect(sent).toEqual([expect.objectContaining({ email: 'someone@example.com', role: 'member' })]);
    // Nothing was sent: the address stays, to send later.
    expect(within(dialog).getByLabelText('Email')).toHaveValue('someone@example.com');
  });
});
