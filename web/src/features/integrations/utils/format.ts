const MINUTE_MS = 60_000;

/** The time of a sample item that happened `minutesAgo` before `now` (sample data stays recent). */
export function sampleTime(now: number, minutesAgo: number): Date {
  return new Date(now - minutesAgo * MINUTE_MS);
}

/** A duration in minutes as '45 min' or '1 h 30 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
