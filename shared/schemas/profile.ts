import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { timeZoneCased, DEFAULT_SECONDARY_TIME_ZONE, isValidTimeZone } from '../rules/time-zones.js';

/** A user's profile (spec core §3): created when missing, with the e-mail prefix as display name. */

export const DISPLAY_NAME_MAX_LENGTH = 100;

export const notificationPreferences = z.object({
  email: z.boolean({ error: 'email must be true or false' }),
  dueDates: z.boolean({ error: 'dueDates must be true or false' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { email: true, dueDates: true };

/**
 * The header clock's zones (spec pages §3 Timezone config): primary null follows the browser's zone. Kept
 * in IANA's letter case however they were typed (the runtime accepts any case).
 */
const timeZone = (label: string) =>
  z.string({ error: `${label} must be a time zone` }).check(
    z.maxLength(64, { error: `${label} must be at most 64 characters`, abort: true }),
    z.refine(isValidTimeZone, { error: `${label} must be an IANA time zone such as Europe/Berlin`, abort: true }),
    z.overwrite(timeZoneCased),
  );

export const timeZonePreferences = z.object({
  primary: z.nullable(timeZone('Primary time zone')),
  secondary: timeZone('Secondary time zone'),
});
export type TimeZonePreferences = z.infer<typeof timeZonePreferences>;
export const DEFAULT_TIME_ZONES: TimeZonePreferences = { primary: null, secondary: DEFAULT_SECONDARY_TIME_ZONE };

/** How connected Google calendars behave (spec pages §3 Calendar sync preferences, §9 defaults), per user. */
export const REMINDER_OFFSETS = [5, 10, 15, 30, 60] as const;
export const calendarSyncPreferences = z.object({
  syncDeadlines: z.boolean({ error: 'syncDeadlines must be true or false' }),
  syncMeetings: z.boolean({ error: 'syncMeetings must be true or false' }),
  createTimeBlocks: z.boolean({ error: 'createTimeBlocks must be true or false' }),
  twoWaySync: z.boolean({ error: 'twoWaySync must be true or false' }),
  reminderOffset: z.union(REMINDER_OFFSETS.map((minutes) => z.literal(minutes)), { error: `reminderOffset must be one of ${REMINDER_OFFSETS.join(', ')}` }),
});
export type CalendarSyncPreferences = z.infer<typeof calendarSyncPreferences>;
export const DEFAULT_CALENDAR_SYNC: CalendarSyncPreferences = {
  syncDeadlines: true,
  syncMeetings: true,
  createTimeBlocks: true,
  twoWaySync: false,
  reminderOffset: 15,
};

export const profileView = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  notificationPreferences,
  timeZones: timeZonePreferences,
  /**
   * The zone of the browser the user last signed in with (the web app reports it): the morning of the
   * due-date reminder while the primary zone follows the browser. Null until a browser has reported one.
   */
  browserTimeZone: z.nullable(z.string()),
  calendarSync: calendarSyncPreferences,
  updatedAt: z.string(),
});
export type ProfileView = z.infer<typeof profileView>;

/** Only the fields sent change; preferences are sent whole. */
export const updateProfileInput = z.object({
  displayName: z.optional(
    z.string({ error: 'Display Name must be text' }).check(
      z.trim(),
      z.minLength(1, { error: 'Display Name is required', abort: true }),
      z.maxLength(DISPLAY_NAME_MAX_LENGTH, { error: `Display Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters` }),
      z.refine((name) => !containsUnprintable(name), { error: 'Display Name must be one line of printable text' }),
    ),
  ),
  notificationPreferences: z.optional(notificationPreferences),
  timeZones: z.optional(timeZonePreferences),
  browserTimeZone: z.optional(timeZone('Browser time zone')),
  calendarSync: z.optional(calendarSyncPreferences),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const profileResponse = z.object({ profile: profileView });
