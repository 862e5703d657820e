import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UpdateProfileInput } from '@shared/schemas/profile';
import { profileView } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { WORKING_TIME_SAVED, WorkingTimeCard } from './working-time-card';

describe('the Working Time card', () => {
  it('saves the working days, the hours and the days off; a day off that ends before it starts is refused at its field', async () => {
    const sent: UpdateProfileInput[] = [];
    server.use(
      http.patch(api('/profile'), async ({ request }) => {
        const body = (await request.json()) as UpdateProfileInput;
        sent.push(body);
        return HttpResponse.json({ profile: profileView({ ...(body.workingTime ? { workingTime: body.workingTime } : {}) }) });
      }),
    );
    const { user } = renderWithApp(<WorkingTimeCard profile={profileView()} />);
    const card = screen.getByRole('form', { name: 'Working Time' });
    // Monday to Friday, 8 hours, by default.
    expect(within(card).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    expect(within(card).getByLabelText('Hours per day')).toHaveValue(8);

    await user.click(within(card).getByRole('checkbox', { name: 'Friday' }));
    await user.clear(within(card).getByLabelText('Hours per day'));
    await user.type(within(card).getByLabelText('Hours per day'), '6.5');
    await user.click(within(card).getByRole('button', { name: 'Add day off' }));
    const dayOff = within(card).getByRole('group', { name: 'Day off 1' });
    await user.type(within(dayOff).getByLabelText('From'), '2026-12-24');
    await user.type(within(dayOff).getByLabelText('To'), '2026-12-20');
    await user.click(within(card).getByRole('button', { name: 'Save Working Time' }));
    expect(within(dayOff).getByRole('alert')).toHaveTextContent('A day off cannot end before it starts');
    expect(sent).toEqual([]);

    await user.clear(within(dayOff).getByLabelText('To'));
    await user.type(within(dayOff).getByLabelText('To'), '2027-01-01');
    await user.click(within(card).getByRole('button', { name: 'Save Working Time' }));
    expect(await within(card).findByText(WORKING_TIME_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      { workingTime: { days: ['monday', 'tuesday', 'wednesday', 'thursday'], hoursPerDay: 6.5, daysOff: [{ from: '2026-12-24', to: '2027-01-01' }] } },
    ]);
  });

  it('says at the field what the server refused', async () => {
    server.use(
      http.patch(api('/profile'), () =>
        HttpResponse.json({ error: 'Invalid input', fields: [{ field: 'workingTime.hoursPerDay', message: 'Hours per day cannot be over 24' }] }, { status: 400 }),
      ),
    );
    const { user } = renderWithApp(<WorkingTimeCard profile={profileView()} />);
    await user.click(screen.getByRole('button', { name: 'Save Working Time' }));
    const hours = screen.getByLabelText('Hours per day');
    expect(await screen.findByText('Hours per day cannot be over 24')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
  });
});
