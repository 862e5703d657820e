import { calendarDateIn, daysBetween } from '@shared/rules/calendar-date';
import { formatDate } from '@/lib/format-date';

/**
 * When a conversation was last active, as the history shows it (spec pages §9): 'Today', 'Yesterday',
 * 'n days ago' up to 7 days, else the date. Days are the user's calendar days in their time zone.
 */
export function conversationDateLabel(updatedAt: string, now: Date, timeZone: string, locale?: string): string {
  const moment = new Date(updatedAt);
  if (Number.isNaN(moment.getTime())) return '';
  const days = daysBetween(calendarDateIn(moment, timeZone), calendarDateIn(now, timeZone));
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return `${days} days ago`;
  return formatDate(moment, 'date', { locale, timeZone });
}
