import {
  DEFAULT_CALENDAR_SYNC,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_TIME_ZONES,
  DEFAULT_VIEW,
  DEFAULT_WORKING_TIME,
  type ProfileView,
} from '@shared/schemas/profile';
import { TEST_USER } from './render';

/** The test user's profile as GET /profile answers it. */
export function profileView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    userId: TEST_USER.id,
    displayName: 'ana',
    email: TEST_USER.email,
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    defaultView: DEFAULT_VIEW,
    timeZones: DEFAULT_TIME_ZONES,
    browserTimeZone: null,
    calendarSync: DEFAULT_CALENDAR_SYNC,
    workingTime: DEFAULT_WORKING_TIME,
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The answer of a route that failed the way an overloaded API does. */
export const SERVICE_UNAVAILABLE = { status: 503 } as const;
