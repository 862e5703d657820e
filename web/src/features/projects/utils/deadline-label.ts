import { calendarDateAtNoon } from '@shared/rules/calendar-date';
import { deadlineBadge, type DeadlineBadge } from '@shared/rules/projects';

export const NO_DEADLINE = 'No deadline';

/** A calendar date in the user's locale, e.g. 'Nov 23, 2026', read as 12:00 local time (spec core §3). */
export function formatCalendarDate(date: string, locale?: string): string {
  return calendarDateAtNoon(date).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The card's deadline badge: its tone (the colour) and a text that says the same without the colour, so
 * the state is not told by colour alone.
 */
export function deadlineLabel(deadline: string | null, today: string, locale?: string): { tone: DeadlineBadge; text: string } {
  const tone = deadlineBadge(deadline, today);
  if (tone === 'none' || !deadline) return { tone: 'none', text: NO_DEADLINE };
  const date = formatCalendarDate(deadline, locale);
  const text = tone === 'overdue' ? `Overdue: ${date}` : tone === 'soon' ? `Due soon: ${date}` : `Due ${date}`;
  return { tone, text };
}
