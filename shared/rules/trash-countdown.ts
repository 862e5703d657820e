/**
 * The Trash's countdown (issue 37): "Deleted in 30 days" the moment an item is trashed, down to "Deleted
 * in 1 day", then "Deleted today" for its last hours (the server removes it at `expiresAt`; DynamoDB's TTL
 * may take a little longer, and an entry past its time is no longer listed).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function trashCountdown(expiresAt: string, now: Date): string {
  const left = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(left)) return '';
  const days = Math.floor(left / DAY_MS);
  if (days <= 0) return 'Deleted today';
  return `Deleted in ${days} ${days === 1 ? 'day' : 'days'}`;
}
