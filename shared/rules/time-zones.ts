/** IANA time zones, checked by the runtime's own Intl data (the browser's and the server's alike). */

/** The header clock's second zone until the user picks one (spec pages §3 Timezone config). */
export const DEFAULT_SECONDARY_TIME_ZONE = 'America/New_York';

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A valid zone's canonical IANA name, as the clock shows it: 'europe/berlin' is 'Europe/Berlin', 'US/Eastern' 'America/New_York'. */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}
