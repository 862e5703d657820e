/** The three test accounts, their calendars, and the events each start seeds around today. */
import { DAY_MS, isoDate, MINUTE_MS, rfc3339, startOfUtcDay } from './time.js';
import type { EventDateTime, TestAccount } from './types.js';

export const TEST_ACCOUNTS: readonly TestAccount[] = [
  {
    id: '104729000000000000001',
    email: 'alex@example.test',
    name: 'Alex Rivera',
    givenName: 'Alex',
    familyName: 'Rivera',
    calendars: [
      { id: 'alex@example.test', summary: 'alex@example.test', backgroundColor: '#3B82F6', primary: true },
      {
        id: 'c_alex_team_meetings@group.calendar.example.test',
        summary: 'Team Meetings',
        description: 'Recurring rituals and reviews of the product team',
        backgroundColor: '#10B981',
        primary: false,
      },
      // Subscribed, as Google's holiday calendars are: readable, never writable. Its id holds a '#', as theirs do.
      { id: 'en.usa#holiday@group.v.calendar.example.test', summary: 'Holidays', backgroundColor: '#0B8043', primary: false, accessRole: 'reader' },
    ],
  },
  {
    id: '104729000000000000002',
    email: 'sam@example.test',
    name: 'Sam Lee',
    givenName: 'Sam',
    familyName: 'Lee',
    calendars: [{ id: 'sam@example.test', summary: 'sam@example.test', backgroundColor: '#3B82F6', primary: true }],
  },
  {
    id: '104729000000000000003',
    email: 'jordan@example.test',
    name: 'Jordan Park',
    givenName: 'Jordan',
    familyName: 'Park',
    calendars: [
      { id: 'jordan@example.test', summary: 'jordan@example.test', backgroundColor: '#3B82F6', primary: true },
      { id: 'c_jordan_personal@group.calendar.example.test', summary: 'Personal', backgroundColor: '#F59E0B', primary: false },
    ],
  },
];

/** A day relative to today (UTC): a number of calendar days, or the nth working day after today. */
type SeedDay = number | { readonly workday: number };

export interface SeedEvent {
  readonly summary: string;
  readonly day: SeedDay;
  /** `HH:MM` UTC; absent for an all-day event. */
  readonly at?: string;
  readonly minutes?: number;
  readonly description?: string;
}

const timed = (summary: string, day: SeedDay, at: string, minutes: number, description?: string): SeedEvent => ({
  summary,
  day,
  at,
  minutes,
  description,
});
const allDay = (summary: string, day: SeedDay, description?: string): SeedEvent => ({ summary, day, description });
const standups = (count: number): SeedEvent[] =>
  Array.from({ length: count }, (_, index) => timed('Daily standup', { workday: index + 1 }, '10:00', 15));

/** Each calendar: some past events, the next two weeks at working hours, an all-day event, 60+ and 200 days out. */
export const SEED_EVENTS: Readonly<Record<string, readonly SeedEvent[]>> = {
  'alex@example.test': [
    timed('Quarterly business review', -20, '16:00', 60),
    timed('1:1 with Sam', -6, '15:00', 30),
    ...standups(4),
    timed('Sprint planning', { workday: 1 }, '13:00', 60, 'Pick the stories for the next two weeks.'),
    timed('Design review', { workday: 3 }, '14:00', 120, 'Walk through the new task board layouts.'),
    allDay('Company offsite', { workday: 7 }),
    timed('Conference talk: Shipping calmly', 65, '09:00', 90),
    timed('Annual planning kickoff', 200, '10:00', 120),
  ],
  'c_alex_team_meetings@group.calendar.example.test': [
    timed('Team retro', -9, '15:00', 60),
    timed('Architecture sync', { workday: 2 }, '11:00', 45),
    timed('Release readiness', { workday: 5 }, '16:00', 30),
    allDay('Hack day', { workday: 8 }),
    timed('Roadmap review', 75, '14:00', 60),
    timed('Team summit', 200, '09:00', 240),
  ],
  'en.usa#holiday@group.v.calendar.example.test': [allDay('Founders Day', 12), allDay('Harvest Festival', 45)],
  'sam@example.test': [
    timed('Onboarding: new hire', -25, '09:30', 120),
    timed('Code review session', -3, '13:00', 60),
    ...standups(3),
    timed('Customer call: Northwind', { workday: 2 }, '15:00', 60),
    allDay('Out of office', { workday: 6 }),
    timed('Security training', 62, '11:00', 90),
    timed('Sabbatical planning', 200, '10:00', 60),
  ],
  'jordan@example.test': [
    timed('Hiring debrief', -12, '14:00', 45),
    ...standups(2),
    timed('Design critique', { workday: 2 }, '13:30', 60),
    timed('Usability test', { workday: 4 }, '10:30', 90),
    allDay('Research day', { workday: 5 }),
    timed('Design systems meetup', 70, '17:00', 120),
    timed('Annual review', 200, '15:00', 60),
  ],
  'c_jordan_personal@group.calendar.example.test': [
    timed('Dentist', -4, '08:00', 45),
    timed('Gym', { workday: 1 }, '07:00', 60),
    timed('Piano lesson', { workday: 3 }, '18:00', 45),
    allDay("Mum's birthday", 9),
    allDay('Hiking trip', 80),
    timed('Passport renewal', 200, '09:00', 30),
  ],
};

/** The working-day offset: { workday: 1 } is the first Monday–Friday after today. */
function dayOffset(day: SeedDay, today: number): number {
  if (typeof day === 'number') return day;
  let offset = 0;
  for (let found = 0; found < day.workday; ) {
    offset += 1;
    const weekday = new Date(today + offset * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) found += 1;
  }
  return offset;
}

export function seedTimes(seed: SeedEvent, now: number): { start: EventDateTime; end: EventDateTime } {
  const today = startOfUtcDay(now);
  const day = today + dayOffset(seed.day, today) * DAY_MS;
  if (seed.at === undefined) return { start: { date: isoDate(day) }, end: { date: isoDate(day + DAY_MS) } };
  const [hours = 0, minutes = 0] = seed.at.split(':').map(Number);
  const start = day + (hours * 60 + minutes) * MINUTE_MS;
  const end = start + (seed.minutes ?? 60) * MINUTE_MS;
  return { start: { dateTime: rfc3339(start), timeZone: 'UTC' }, end: { dateTime: rfc3339(end), timeZone: 'UTC' } };
}
