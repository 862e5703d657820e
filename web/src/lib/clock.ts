import * as z from 'zod/mini';
import { DEFAULT_SECONDARY_TIME_ZONE, isValidTimeZone } from '@shared/rules/time-zones';
import { formatDate } from './format-date';

export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/** 'America/New_York' → 'New York', 'America/Argentina/Buenos_Aires' → 'Buenos Aires', 'UTC' → 'UTC'. */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** Hours, minutes and seconds in the given zone, in the visitor's locale. */
export function formatClockTime(date: Date, timeZone: string, locale?: string): string {
  return formatDate(date, 'clock', { locale, timeZone });
}

export interface TimezoneConfig {
  readonly primary: string;
  readonly secondary: string;
}

// primary null: follow the browser's zone (as the profile keeps it).
const storedTimezoneConfig = z.object({ primary: z.optional(z.nullable(z.string())), secondary: z.optional(z.string()) });

/**
 * The stored clock zones (spec core §3: primary = the browser zone, secondary default America/New_York).
 * Missing, malformed or unknown zones fall back to the defaults.
 */
export function parseTimezoneConfig(raw: string | null, browserZone: string): TimezoneConfig {
  let stored: z.infer<typeof storedTimezoneConfig> = {};
  if (raw) {
    try {
      const parsed = storedTimezoneConfig.safeParse(JSON.parse(raw));
      if (parsed.success) stored = parsed.data;
    } catch {
      // Ignored: defaults apply.
    }
  }
  const valid = (zone: string | null | undefined) => (zone && isValidTimeZone(zone) ? zone : undefined);
  return {
    primary: valid(stored.primary) ?? browserZone,
    secondary: valid(stored.secondary) ?? DEFAULT_SECONDARY_TIME_ZONE,
  };
}
