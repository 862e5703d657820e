import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationPreferences } from '../../shared/schemas/profile.js';
import { batchGetItems } from './batch-get.js';
import { documentClient, tableName } from './client.js';
import { conditionFailure } from './table-operations.js';

/**
 * A user's profile: PK USER#<id> / SK PROFILE. Its verified e-mail is indexed on GSI2 (EMAIL#<address>),
 * which is how an invitation finds an existing account without asking Cognito.
 */
export interface Profile {
  userId: string;
  displayName: string;
  /** Lower-cased verified e-mail, or '' while unverified (then it is not indexed). */
  email: string;
  notificationPreferences: NotificationPreferences;
  updatedAt: string;
}

const PROFILE_SK = 'PROFILE';

function profileKey(userId: string): { PK: string; SK: string } {
  return { PK: `USER#${userId}`, SK: PROFILE_SK };
}

/** The GSI2 key of everything addressed to an e-mail (profiles and invitations). */
export function emailIndexKey(email: string): string {
  return `EMAIL#${email}`;
}

function emailIndex(email: string): Record<string, string> {
  return email ? { GSI2PK: emailIndexKey(email), GSI2SK: PROFILE_SK } : {};
}

function toProfile(item: Record<string, unknown>): Profile {
  const preferences = item.notificationPreferences as Partial<NotificationPreferences> | undefined;
  return {
    userId: String(item.userId),
    displayName: String(item.displayName ?? ''),
    email: String(item.email ?? ''),
    notificationPreferences: { email: preferences?.email !== false, dueDates: preferences?.dueDates !== false },
    updatedAt: String(item.updatedAt),
  };
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: profileKey(userId) }));
  return Item ? toProfile(Item) : undefined;
}

/** Creates the profile unless one exists; returns the stored one either way (a concurrent call may win). */
export async function createProfileIfMissing(profile: Profile): Promise<Profile> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...profileKey(profile.userId), ...emailIndex(profile.email), entity: 'Profile', ...profile },
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
}

/** Writes the given fields of an existing profile (the e-mail with its index entry) and returns it. */
export async function updateProfile(userId: string, changes: ProfileChanges, updatedAt: string): Promise<Profile> {
  const values: Record<string, unknown> = { updatedAt };
  if (changes.displayName !== undefined) values.displayName = changes.displayName;
  if (changes.notificationPreferences !== undefined) values.notificationPreferences = changes.notificationPreferences;
  if (changes.email) Object.assign(values, { email: changes.email }, emailIndex(changes.email));
  const names = Object.keys(values);
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: profileKey(userId),
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, values[name]])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(Attributes ?? {});
}

/** The account whose verified e-mail this is, if it has used the app (GSI2, eventually consistent). */
export async function findProfileByEmail(email: string): Promise<Profile | undefined> {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :email AND GSI2SK = :profile',
      ExpressionAttributeValues: { ':email': emailIndexKey(email), ':profile': PROFILE_SK },
    }),
  );
  // One address belongs to one Cognito user; should an old profile still carry it, the newest wins.
  const newest = (Items ?? []).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0];
  return newest ? toProfile(newest) : undefined;
}

/** Many profiles by user id; users without one are simply absent. */
export async function getProfiles(userIds: readonly string[]): Promise<Map<string, Profile>> {
  const profiles = (await batchGetItems(userIds.map(profileKey))).map(toProfile);
  return new Map(profiles.map((profile) => [profile.userId, profile]));
}
