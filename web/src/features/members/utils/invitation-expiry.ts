const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a pending invitation still holds: 'Expires in 14 days', 'Expires in 1 day', 'Expires today'. */
export function expiryText(expiresAt: string, now: Date): string {
  const days = Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS);
  if (days > 1) return `Expires in ${days} days`;
  return days === 1 ? 'Expires in 1 day' : 'Expires today';
}
