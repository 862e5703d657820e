/** A stored ISO timestamp as a date in the user's locale, e.g. 'November 23, 2026'; unparsable text as is. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
