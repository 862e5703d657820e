import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, toCalendarDate } from '@shared/rules/calendar-date';
import { aTask } from '@shared/testing/project-views';
import { formatDate } from '@/lib/format-date';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { CalendarMonth } from './calendar-month';

const today = toCalendarDate(new Date());
const standup = aTask({ id: 'standup', title: 'Standup notes', dueDate: today, repeat: { rule: 'FREQ=DAILY', from: 'due', timeZone: 'UTC' } });

describe('the calendar month (issue 36: repeating tasks)', () => {
  beforeEach(() =>
    server.use(
      http.get(api('/workspaces/ws-1/tasks'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        const due = query.get('by') === 'due' && query.get('state') !== 'completed' && (query.get('from') ?? '') <= today && today <= (query.get('to') ?? '');
        const open = query.get('by') === 'status' && query.get('status') === 'todo';
        return HttpResponse.json({ tasks: due || open ? [standup] : [], nextCursor: null });
      }),
      http.get(api('/workspaces/ws-1/google-calendar/accounts'), () => HttpResponse.json({ accounts: [] })),
    ),
  );

  it('shows a repeating task on its due date, and its coming occurrences (not stored) marked as such, without Add to Calendar', async () => {
    renderWithApp(<CalendarMonth workspaceId="ws-1" onAddTask={() => undefined} addTaskBlocked={null} onAddToCalendar={() => undefined} />, { workspace: workspaceView() });
    const cell = (date: string) => screen.getByRole('button', { name: new RegExp(`^${formatDate(date, 'weekdayDate')},`) }).closest('td') as HTMLElement;

    const stored = await within(cell(today)).findByRole('link', { name: /^Standup notes\s*,\s*medium priority$/ });
    expect(stored).not.toHaveClass('is-coming');
    expect(within(cell(today)).getByRole('button', { name: 'Add to Calendar: Standup notes' })).toBeInTheDocument();

    const tomorrow = addDays(today, 1);
    const coming = await within(cell(tomorrow)).findByRole('link', { name: /^Standup notes\s*\(repeats: a coming occurrence\)\s*,\s*medium priority$/ });
    expect(coming).toHaveClass('is-coming');
    expect(coming).toHaveAttribute('href', expect.stringContaining('standup'));
    expect(within(cell(tomorrow)).queryByRole('button', { name: 'Add to Calendar: Standup notes' })).toBeNull();
  });
});
