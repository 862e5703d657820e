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

/**
 * A valid zone's name in IANA's letter case ('europe/berlin' is 'Europe/Berlin', 'utc' 'UTC'). A name the
 * runtime knows by another spelling stays as written ('US/Eastern', 'Europe/Kyiv', 'Asia/Kolkata'): its
 * own canonical names are partly the older ones ('Europe/Kiev', 'Asia/Calcutta').
 */
export function timeZoneCased(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}
