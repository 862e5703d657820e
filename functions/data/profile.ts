import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  DEFAULT_CALENDAR_SYNC,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_TIME_ZONES,
  DEFAULT_VIEW,
  MENTION_MAIL_MODES,
  TASK_VIEWS,
  DEFAULT_WORKING_TIME,
  type CalendarSyncPreferences,
  type NotificationPreferences,
  type TaskViewMode,
  type TimeZonePreferences,
  type WorkingTime,
} from '../../shared/schemas/profile.js';
import { batchGetItems } from './batch-get.js';
import { documentClient, tableName } from './client.js';
import { emailLookup, indexes, keys } from './keys.js';
import { conditionFailure, writtenUnlessRefused } from './table-operations.js';

/**
 * A user's profile, in the user's partition. Its verified e-mail is on the emailLookup index, which is how
 * an invitation finds an existing account without asking Cognito.
 */
export interface Profile {
  userId: string;
  displayName: string;
  /** Lower-cased verified e-mail, or '' while unverified (then it is not indexed). */
  email: string;
  notificationPreferences: NotificationPreferences;
  defaultView: TaskViewMode;
  timeZones: TimeZonePreferences;
  /** The zone the user's browser last reported (shared/schemas/profile.ts); null before any did. */
  browserTimeZone: string | null;
  calendarSync: CalendarSyncPreferences;
  workingTime: WorkingTime;
  updatedAt: string;
}

/** The zone a user's days are in: their primary zone, else their browser's last reported one, else `fallback`. */
export function ownTimeZone(profile: Pick<Profile, 'timeZones' | 'browserTimeZone'> | undefined, fallback: string): string {
  return profile?.timeZones.primary ?? profile?.browserTimeZone ?? fallback;
}

const PROFILE_ENTITY = 'Profile';

/**
 * Preferences missing from older profiles read as their defaults: on, mentions and assignments mailed
 * immediately, the kanban view.
 */
const storedProfile = z.pipe(
  z.object({
    entity: z.literal(PROFILE_ENTITY),
    userId: z.string(),
    displayName: z._default(z.string(), ''),
    email: z._default(z.string(), ''),
    notificationPreferences: z._default(
      z.object({
        email: z._default(z.boolean(), true),
        dueDates: z._default(z.boolean(), true),
        mentionsAndAssignments: z._default(z.enum(MENTION_MAIL_MODES), DEFAULT_NOTIFICATION_PREFERENCES.mentionsAndAssignments),
        dailyDigest: z._default(z.boolean(), true),
        weeklyReview: z._default(z.boolean(), true),
      }),
      { ...DEFAULT_NOTIFICATION_PREFERENCES },
    ),
    defaultView: z._default(z.enum(TASK_VIEWS), DEFAULT_VIEW),
    // Profiles older than the time-zone settings follow the browser, with New York beside it.
    timeZones: z._default(z.object({ primary: z.nullable(z.string()), secondary: z.string() }), { ...DEFAULT_TIME_ZONES }),
    browserTimeZone: z._default(z.nullable(z.string()), null),
    calendarSync: z._default(
      z.object({
        syncDeadlines: z.boolean(),
        syncMeetings: z.boolean(),
        createTimeBlocks: z.boolean(),
        twoWaySync: z.boolean(),
        reminderOffset: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(30), z.literal(60)]),
      }),
      { ...DEFAULT_CALENDAR_SYNC },
    ),
    // Profiles older than working time work Monday to Friday, 8 hours.
    workingTime: z._default(
      z.object({
        days: z.array(z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])),
        hoursPerDay: z.number(),
        daysOff: z.array(z.object({ from: z.string(), to: z.string() })),
      }),
      () => ({ ...DEFAULT_WORKING_TIME, days: [...DEFAULT_WORKING_TIME.days], daysOff: [] }),
    ),
    updatedAt: z.string(),
  }),
  z.transform(({ entity: _entity, ...profile }): Profile => profile),
);

function toProfile(item: Record<string, unknown>): Profile {
  return storedProfile.parse(item);
}

/** The index attributes of a verified address (none while unverified). */
function emailIndex(email: string): Record<string, string> {
  return email
    ? { [indexes.emailLookup.partitionKey]: emailLookup.partition(email), [indexes.emailLookup.sortKey]: emailLookup.profileSortKey }
    : {};
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId) }));
  return Item ? toProfile(Item) : undefined;
}

/** Creates the profile unless one exists; returns the stored one either way (a concurrent call may win). */
export async function createProfileIfMissing(profile: Profile): Promise<Profile> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.profile(profile.userId), ...emailIndex(profile.email), entity: PROFILE_ENTITY, ...profile },
        ConditionExpression: 'attribute_not_exists(PK)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return profile;
  } catch (error) {
    const existing = conditionFailure(error) === 'exists' ? await getProfile(profile.userId) : undefined;
    if (!existing) throw error;
    return existing;
  }
}

export interface ProfileChanges {
  displayName?: string | undefined;
  email?: string | undefined;
  notificationPreferences?: NotificationPreferences | undefined;
  defaultView?: TaskViewMode | undefined;
  timeZones?: TimeZonePreferences | undefined;
  browserTimeZone?: string | undefined;
  calendarSync?: CalendarSyncPreferences | undefined;
  workingTime?: WorkingTime | undefined;
}

const REPLACED_WHOLE = ['displayName', 'notificationPreferences', 'defaultView', 'timeZones', 'browserTimeZone', 'calendarSync', 'workingTime'] as const;

/** Writes the given fields of an existing profile (the e-mail with its index entry) and returns it. */
export async function updateProfile(userId: string, changes: ProfileChanges, updatedAt: string): Promise<Profile> {
  const values: Record<string, unknown> = { updatedAt };
  for (const field of REPLACED_WHOLE) if (changes[field] !== undefined) values[field] = changes[field];
  if (changes.email) Object.assign(values, { email: changes.email }, emailIndex(changes.email));
  const names = Object.keys(values);
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.profile(userId),
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, values[name]])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(Attributes ?? {});
}

/**
 * Sets some mail preferences without reading the profile first (an unsubscribe link): each field on its own,
 * so a settings save at the same moment keeps the others. A profile stored before the preferences existed
 * gets the whole map, the defaults with these. False when there is no profile.
 */
export async function setNotificationPreferences(userId: string, changes: Partial<NotificationPreferences>, updatedAt: string): Promise<boolean> {
  const fields = Object.entries(changes);
  const names = { '#preferences': 'notificationPreferences', '#updatedAt': 'updatedAt' };
  const eachField = () =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.profile(userId),
        UpdateExpression: `SET ${fields.map((_, at) => `#preferences.#field${at} = :value${at}`).join(', ')}, #updatedAt = :updatedAt`,
        ConditionExpression: 'attribute_exists(#preferences)',
        ExpressionAttributeNames: { ...names, ...Object.fromEntries(fields.map(([field], at) => [`#field${at}`, field])) },
        ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([, value], at) => [`:value${at}`, value])), ':updatedAt': updatedAt },
      }),
    );
  const wholeMap = () =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.profile(userId),
        UpdateExpression: 'SET #preferences = :preferences, #updatedAt = :updatedAt',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#preferences)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':preferences': { ...DEFAULT_NOTIFICATION_PREFERENCES, ...changes }, ':updatedAt': updatedAt },
      }),
    );
  // The map written by someone else between the two tries: the first works then.
  return (await writtenUnlessRefused(eachField)) || (await writtenUnlessRefused(wholeMap)) || ((await getProfile(userId)) !== undefined && (await writtenUnlessRefused(eachField)));
}

/** The account whose verified e-mail this is, if it has used the app (the index is eventually consistent). */
export async function findProfileByEmail(email: string): Promise<Profile | undefined> {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: indexes.emailLookup.indexName,
      KeyConditionExpression: '#partition = :email AND #sort = :profile',
      ExpressionAttributeNames: { '#partition': indexes.emailLookup.partitionKey, '#sort': indexes.emailLookup.sortKey },
      ExpressionAttributeValues: { ':email': emailLookup.partition(email), ':profile': emailLookup.profileSortKey },
    }),
  );
  // One address belongs to one Cognito user; should an old profile still carry it, the newest wins.
  return (Items ?? []).map(toProfile).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
}

/** Many profiles by user id; users without one are simply absent. */
export async function getProfiles(userIds: readonly string[]): Promise<Map<string, Profile>> {
  const profiles = (await batchGetItems(userIds.map(keys.profile))).map(toProfile);
  return new Map(profiles.map((profile) => [profile.userId, profile]));
}
