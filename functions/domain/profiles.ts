import { nameFromEmail } from '../../shared/rules/user-name.js';
import {
  DEFAULT_CALENDAR_SYNC,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_TIME_ZONES,
  DEFAULT_VIEW,
  DEFAULT_WORKING_TIME,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD_OR_CODE,
  type ProfileView,
  type SignInCheckInput,
  type UpdateProfileInput,
} from '../../shared/schemas/profile.js';
import { createProfileIfMissing, getProfile, updateProfile, type Profile } from '../data/profile.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError } from '../lib/errors.js';
import { checkSignIn } from '../lib/sign-in-checks.js';

/** The caller's verified e-mail as stored and indexed: lower-cased, like invitation addresses. */
export function normalizedEmailOf(caller: Caller): string {
  return caller.email.trim().toLowerCase();
}

/**
 * The caller's profile, created on first use (display name: the e-mail prefix; both notification
 * preferences on). A newly verified or changed e-mail is written through, so invitations find the account.
 */
export async function ensureProfile(caller: Caller): Promise<Profile> {
  const email = normalizedEmailOf(caller);
  const now = new Date().toISOString();
  const existing = await getProfile(caller.userId);
  if (!existing) {
    return createProfileIfMissing({
      userId: caller.userId,
      displayName: nameFromEmail(email),
      email,
      notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
      defaultView: DEFAULT_VIEW,
      timeZones: DEFAULT_TIME_ZONES,
      browserTimeZone: null,
      calendarSync: DEFAULT_CALENDAR_SYNC,
      workingTime: DEFAULT_WORKING_TIME,
      updatedAt: now,
    });
  }
  return email && existing.email !== email ? updateProfile(caller.userId, { email }, now) : existing;
}

export function toProfileView(profile: Profile): ProfileView {
  return {
    userId: profile.userId,
    displayName: profile.displayName,
    email: profile.email,
    notificationPreferences: profile.notificationPreferences,
    defaultView: profile.defaultView,
    timeZones: profile.timeZones,
    browserTimeZone: profile.browserTimeZone,
    calendarSync: profile.calendarSync,
    workingTime: profile.workingTime,
    updatedAt: profile.updatedAt,
  };
}

export async function getProfileFor(caller: Caller): Promise<ProfileView> {
  return toProfileView(await ensureProfile(caller));
}

export async function updateProfileFor(caller: Caller, input: UpdateProfileInput): Promise<ProfileView> {
  const existing = await ensureProfile(caller);
  // A client older than a notification preference leaves it out: it keeps its stored value.
  const notificationPreferences = input.notificationPreferences && { ...existing.notificationPreferences, ...withoutUndefined(input.notificationPreferences) };
  return toProfileView(await updateProfile(caller.userId, { ...input, notificationPreferences }, new Date().toISOString()));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/**
 * Whether the caller's password (and, when sent, a current code from their authenticator app) sign them in:
 * nothing is kept, and a wrong one is a 400 on the field to fix (with a code, which of the two is not said).
 */
export async function checkSignInFor(caller: Caller, input: SignInCheckInput): Promise<void> {
  if ((await checkSignIn(caller.userId, input.password, input.code)) === 'signs-in') return;
  const [field, message] = input.code === undefined ? ['password', WRONG_CURRENT_PASSWORD] : ['code', WRONG_PASSWORD_OR_CODE];
  throw new BadRequestError(message, [{ field, message }]);
}

/** The zone a user's days are in (the data module's rule), for callers outside domain/. */
export { ownTimeZone } from '../data/profile.js';
