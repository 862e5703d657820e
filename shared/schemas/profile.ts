import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { timeZoneCased, DEFAULT_SECONDARY_TIME_ZONE, isValidTimeZone } from '../rules/time-zones.js';
import { weekDays } from './project.js';

/** A user's profile (spec core §3): created when missing, with the e-mail prefix as display name. */

export const DISPLAY_NAME_MAX_LENGTH = 100;

/** How mentions and assignments by someone else reach a user by e-mail (issue 37). */
export const MENTION_MAIL_MODES = ['off', 'immediately', 'daily'] as const;
export type MentionMailMode = (typeof MENTION_MAIL_MODES)[number];

const notificationFields = {
  /** The master switch: no mail of the app at all while off (spec pages §2: email). */
  email: z.boolean({ error: 'email must be true or false' }),
  /** The spec's deadlineReminder (pages calls it dueDates): the mail at 07:00 of the tasks due tomorrow. */
  dueDates: z.boolean({ error: 'dueDates must be true or false' }),
};
const addedNotificationFields = {
  mentionsAndAssignments: z.enum(MENTION_MAIL_MODES, { error: `mentionsAndAssignments must be one of ${MENTION_MAIL_MODES.join(', ')}` }),
  /** The 07:00 mail of the tasks due today and late (with the day's mentions when those come daily). */
  dailyDigest: z.boolean({ error: 'dailyDigest must be true or false' }),
  /** Monday's 07:00 mail: the week's saved plan for the user and what is late. */
  weeklyReview: z.boolean({ error: 'weeklyReview must be true or false' }),
};
export const notificationPreferences = z.object({ ...notificationFields, ...addedNotificationFields });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * What a save sends: the fields older clients know are required, those added later may be left out and
 * keep their stored value.
 */
export const notificationPreferencesInput = z.extend(z.partial(z.object(addedNotificationFields)), notificationFields);

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  dueDates: true,
  mentionsAndAssignments: 'immediately',
  dailyDigest: true,
  weeklyReview: true,
};

/** The view /tasks and a project's page open in unless their address names one (spec core: defaultView kanban). */
export const TASK_VIEWS = ['kanban', 'list'] as const;
export type TaskViewMode = (typeof TASK_VIEWS)[number];
export const DEFAULT_VIEW: TaskViewMode = 'kanban';

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

/**
 * When a person works (issue 31): the weekly plan puts their work, and the team's, only in this time.
 * Hours are per working day; a day off is a date range, both ends included.
 */
export const MAX_DAYS_OFF = 50;
const calendarDay = (label: string) => z.string({ error: `${label} must be a date` }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)` }));
export const dayOff = z
  .object({ from: calendarDay('A day off’s start'), to: calendarDay('A day off’s end') })
  .check(z.refine((off) => off.to >= off.from, { error: 'A day off cannot end before it starts', path: ['to'] }));
export const workingTime = z.object({
  days: z
    .array(z.enum(weekDays, { error: 'Working days must be days of the week' }))
    .check(z.refine((days) => new Set(days).size === days.length, { error: 'Each working day may be listed once' })),
  hoursPerDay: z
    .number({ error: 'Hours per day must be a number' })
    .check(
      z.minimum(0, { error: 'Hours per day cannot be below 0' }),
      z.maximum(24, { error: 'Hours per day cannot be over 24' }),
      // Quarter hours: the plan counts in minutes, and a number too fine for DynamoDB never reaches it.
      z.refine((hours) => Number.isInteger(hours * 4), { error: 'Hours per day must be in quarter hours, such as 7.5' }),
    ),
  daysOff: z.array(dayOff).check(z.maxLength(MAX_DAYS_OFF, { error: `At most ${MAX_DAYS_OFF} days off may be listed` })),
});
export type WorkingTime = z.infer<typeof workingTime>;
export const DEFAULT_WORKING_TIME: WorkingTime = { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], hoursPerDay: 8, daysOff: [] };

export const profileView = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  notificationPreferences,
  defaultView: z.enum(TASK_VIEWS),
  timeZones: timeZonePreferences,
  /**
   * The zone of the browser the user last signed in with (the web app reports it): the morning of the
   * due-date reminder while the primary zone follows the browser. Null until a browser has reported one.
   */
  browserTimeZone: z.nullable(z.string()),
  calendarSync: calendarSyncPreferences,
  workingTime,
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
  notificationPreferences: z.optional(notificationPreferencesInput),
  defaultView: z.optional(z.enum(TASK_VIEWS, { error: `defaultView must be one of ${TASK_VIEWS.join(', ')}` })),
  timeZones: z.optional(timeZonePreferences),
  browserTimeZone: z.optional(timeZone('Browser time zone')),
  calendarSync: z.optional(calendarSyncPreferences),
  workingTime: z.optional(workingTime),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const profileResponse = z.object({ profile: profileView });

/** CheckSignIn's refusals: the spec's text for a wrong current password (pages §5), and the two-factor card's. */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const WRONG_PASSWORD_OR_CODE = 'The password or the code is not right.';

/**
 * Settings' checks before a sensitive change (CheckSignIn): the password, and when turning two-factor sign-in
 * off, a code from the authenticator app. Nothing is kept; a wrong one is a 400 on its field.
 */
export const signInCheckInput = z.object({
  password: z.string({ error: 'password is required' }).check(
    z.minLength(1, { error: 'password is required', abort: true }),
    z.maxLength(256, { error: 'password must be at most 256 characters' }),
  ),
  code: z.optional(z.string({ error: 'code must be six digits' }).check(z.trim(), z.regex(/^\d{6}$/, { error: 'code must be six digits' }))),
});
export type SignInCheckInput = z.infer<typeof signInCheckInput>;
