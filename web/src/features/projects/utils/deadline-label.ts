import { deadlineBadge, type DeadlineBadge } from '@shared/rules/projects';
import { formatDate } from '@/lib/format-date';

export const NO_DEADLINE = 'No deadline';

/**
 * The card's deadline badge: its tone (the colour) and a text that says the same without the colour, so
 * the state is not told by colour alone.
 */
export function deadlineLabel(deadline: string | null, today: string, locale?: string): { tone: DeadlineBadge; text: string } {
  const tone = deadlineBadge(deadline, today);
  if (tone === 'none' || !deadline) return { tone: 'none', text: NO_DEADLINE };
  const date = formatDate(deadline, 'date', { locale });
  const text = tone === 'overdue' ? `Overdue: ${date}` : tone === 'soon' ? `Due soon: ${date}` : `Due ${date}`;
  return { tone, text };
}
