import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { UNSUBSCRIBE_FAILED } from '@/features/settings/api/unsubscribe';
import { UnsubscribeRoute } from './unsubscribe';

describe('/unsubscribe', () => {
  it('turns the mail off only when Turn off is pressed, sending the token, and confirms it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/mail/unsubscribe'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ kind: 'weeklyReview' });
      }),
    );
    const { user } = renderWithApp(<UnsubscribeRoute />, { path: '/unsubscribe?token=v1.user-1.weeklyReview.abc' });
    expect(screen.getByText('Turn off weekly review mails from TaskFlow?')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/you will get no more weekly review mails/)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ token: 'v1.user-1.weeklyReview.abc' }]);
  });

  it('says so when the server does not accept the link, and for a link without a token', async () => {
    server.use(http.post(api('/mail/unsubscribe'), () => HttpResponse.json({ error: 'This unsubscribe link is not valid' }, { status: 404 })));
    const { user, unmount } = renderWithApp(<UnsubscribeRoute />, { path: '/unsubscribe?token=v1.user-1.mentions.forged' });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_FAILED);
    unmount();
    renderWithApp(<UnsubscribeRoute />, { path: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent(UNSUBSCRIBE_FAILED);
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
