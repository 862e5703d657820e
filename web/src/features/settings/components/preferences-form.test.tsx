import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type UpdateProfileInput } from '@shared/schemas/profile';
import { profileView } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { PreferencesForm } from './preferences-form';

describe('the Settings preferences form', () => {
  it('shows the mail preferences and the default view with their stored values, and saves the changed ones', async () => {
    const sent: UpdateProfileInput[] = [];
    server.use(
      http.patch(api('/profile'), async ({ request }) => {
        const body = (await request.json()) as UpdateProfileInput;
        sent.push(body);
        return HttpResponse.json({ profile: profileView() });
      }),
    );
    const stored = { ...DEFAULT_NOTIFICATION_PREFERENCES, mentionsAndAssignments: 'daily' as const, weeklyReview: false };
    const { user } = renderWithApp(<PreferencesForm profile={profileView({ notificationPreferences: stored, defaultView: 'list' })} />);

    expect(screen.getByLabelText('Mentions and assignments')).toHaveValue('daily');
    expect(screen.getByRole('checkbox', { name: 'Daily digest' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Weekly review' })).not.toBeChecked();
    expect(screen.getByLabelText('Default view')).toHaveValue('list');

    await user.selectOptions(screen.getByLabelText('Mentions and assignments'), 'Off');
    await user.click(screen.getByRole('checkbox', { name: 'Daily digest' }));
    await user.click(screen.getByRole('checkbox', { name: 'Weekly review' }));
    await user.selectOptions(screen.getByLabelText('Default view'), 'Kanban');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      notificationPreferences: { email: true, dueDates: true, mentionsAndAssignments: 'off', dailyDigest: false, weeklyReview: true },
      defaultView: 'kanban',
    });
  });
});
