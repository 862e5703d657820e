/**
 * The Notes page's Filter (spec pages §2 names the button but not what it does): by when a note was last
 * edited, the question a long list of notes raises. Days are counted back from now, today included.
 */
export const noteAgeFilters = ['any', 'today', 'week', 'month'] as const;
export type NoteAgeFilter = (typeof noteAgeFilters)[number];

export const noteAgeLabels: Record<NoteAgeFilter, string> = {
  any: 'Any time',
  today: 'Edited today',
  week: 'Edited in the last 7 days',
  month: 'Edited in the last 30 days',
};

const DAY_MS = 86_400_000;

/** True when a note edited at `updatedAt` (ISO) passes the filter at `now`; 'today' is the viewer's local day. */
export function editedWithin(filter: NoteAgeFilter, updatedAt: string, now: Date): boolean {
  const edited = new Date(updatedAt);
  switch (filter) {
    case 'any':
      return true;
    case 'today':
      return edited.toDateString() === now.toDateString();
    case 'week':
      return now.getTime() - edited.getTime() < 7 * DAY_MS;
    case 'month':
      return now.getTime() - edited.getTime() < 30 * DAY_MS;
  }
}
