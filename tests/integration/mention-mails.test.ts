import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../shared/rules/calendar-date.js';
import { weekDays } from '../../shared/schemas/project.js';
import { weekDayOf } from '../../shared/rules/weekly-planner.js';
import { profileResponse } from '../../shared/schemas/profile.js';
import { savedWeeklyPlanResponse } from '../../shared/schemas/weekly-plan.js';
import { callApi } from './helpers.js';
import { addMember, config, createWorkspace, mailsTo, newAccount, queryTable, useTestTable, type Account } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/** The morning job and a redelivered batch run in this process, against the test stack's table, mailing through its fake SES. */
useTestTable();
process.env.AWS_ENDPOINT_URL_SES = `${config.apiUrl.replace(/\/+$/, '')}/_local/${inject('controlSecret')}/_local/ses`;
process.env.MAIL_SENDER = 'noreply@taskflow.local';
process.env.WEB_URL = 'http://localhost:5173';
// The stack's key, so that links made here open there (and the other way round).
process.env.MAIL_LINK_KEY_FILE = inject('mailLinkKeyFile');

const NOTICE_SUBJECT = 'New mention or assignment on TaskFlow';

/** A workspace of a new owner with two new members who have opened it, and a project with a task. */
async function teamWithTask() {
  const owner = await newAccount();
  const members = await Promise.all([newAccount(), newAccount()]);
  const workspaceId = await createWorkspace(owner);
  for (const member of members) {
    await addMember(owner, workspaceId, member);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership/notice`, { token: member.idToken })).status).toBe(204);
  }
  const api = projectApi(config, owner);
  const projectId = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
  const taskId = (await api.createTask(workspaceId, projectId, { title: 'Launch plan' })).id;
  return { owner, members, workspaceId, projectId, taskId, api };
}

async function comment(author: Account, place: { workspaceId: string; projectId: string; taskId: string }, body: string): Promise<void> {
  const path = `/workspaces/${place.workspaceId}/projects/${place.projectId}/tasks/${place.taskId}/comments`;
  expect((await callApi(config, 'POST', path, { token: author.idToken, body: { body } })).status).toBe(201);
}

/** The stream is read a few times a second: waits until `check` holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const notices = async (account: Account) => (await mailsTo(account.email)).filter((mail) => mail.subject === NOTICE_SUBJECT);
const setPreferences = async (account: Account, preferences: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const saved = await callApi(config, 'PATCH', '/profile', { token: account.idToken, body: { notificationPreferences: { email: true, dueDates: true, ...preferences }, ...extra } });
  expect(saved.status).toBe(200);
};
const tokenIn = (text: string) => new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec(text)?.[0] ?? 'http://x/').searchParams.get('token') ?? '';

describe('mail of mentions and assignments', () => {
  it('mails a mentioned member at once with an unsubscribe link, never the author; the link, without sign-in, turns that mail off', async () => {
    const {
      owner,
      members: [bob, carol],
      ...place
    } = await teamWithTask();
    await comment(owner, place, `Over to @[${bob.userId}], thanks @[${owner.userId}]`);

    const [mail] = await eventually(() => notices(bob), (mails) => mails.length > 0, "Bob's mail");
    expect(mail?.text).toContain('mentioned you in a comment on “Launch plan” — Apollo');
    // The stack's web app address (its port follows the test's port base).
    expect(mail?.text).toMatch(new RegExp(`Open the task: http://localhost:\\d+/projects/${place.projectId}/tasks/${place.taskId}`));
    expect(mail?.text).toMatch(/Turn off mention and assignment mails: http:\/\/localhost:\d+\/unsubscribe\?token=v1\./);
    expect(await notices(owner)).toEqual([]);

    // Nobody signed in: the link's token is the access.
    const unsubscribed = await callApi(config, 'POST', '/mail/unsubscribe', { body: { token: tokenIn(mail?.text ?? '') } });
    expect(unsubscribed).toEqual({ status: 200, body: { kind: 'mentions' } });
    const profile = profileResponse.parse((await callApi(config, 'GET', '/profile', { token: bob.idToken })).body).profile;
    expect(profile.notificationPreferences).toMatchObject({ mentionsAndAssignments: 'off', email: true, dailyDigest: true });

    // Mentioned again with Carol: she is mailed, he is not any more.
    await comment(owner, place, `@[${bob.userId}] @[${carol.userId}] once more`);
    await eventually(() => notices(carol), (mails) => mails.length > 0, "Carol's mail");
    expect(await notices(bob)).toHaveLength(1);
  });

  it('mails the new assignee of a task assigned by someone else, and nobody for one they take themselves', async () => {
    const {
      owner,
      members: [dana],
      api,
      ...place
    } = await teamWithTask();
    await api.createTask(place.workspaceId, place.projectId, { title: 'Order the cake', assignedTo: dana.userId });
    const [mail] = await eventually(() => notices(dana), (mails) => mails.length > 0, "Dana's mail");
    expect(mail?.text).toContain('assigned you “Order the cake” — Apollo');
    await projectApi(config, dana).createTask(place.workspaceId, place.projectId, { title: 'Her own', assignedTo: dana.userId });
    await comment(owner, place, `Ping @[${dana.userId}]`);
    await eventually(() => notices(dana), (mails) => mails.length === 2, "Dana's second mail");
    expect((await notices(dana)).map((sent) => sent.text).join()).not.toContain('Her own');
  });

  it('collects mentions and assignments into one digest at 07:00 in the member’s zone, once a day', async () => {
    const {
      owner,
      members: [erin],
      api,
      ...place
    } = await teamWithTask();
    // Erin's morning is Tokyo's; the digest job below runs at 07:00 there on a Tuesday (no weekly review).
    await setPreferences(erin, { mentionsAndAssignments: 'daily', dailyDigest: false }, { timeZones: { primary: 'Asia/Tokyo', secondary: 'UTC' } });
    await comment(owner, place, `First, @[${erin.userId}]`);
    await comment(owner, place, `Second, @[${erin.userId}]`);
    await api.createTask(place.workspaceId, place.projectId, { title: 'Book the venue', assignedTo: erin.userId });
    const waiting = () => queryTable({ KeyConditionExpression: 'PK = :user AND begins_with(SK, :item)', ExpressionAttributeValues: { ':user': `USER#${erin.userId}`, ':item': 'DIGESTITEM#' } });
    await eventually(waiting, (items) => items.length === 3, "Erin's three digest items");
    expect(await notices(erin)).toEqual([]);

    const { runMailDigests } = await import('../../functions/schedule/mail-digests.js');
    const digests = async () => (await mailsTo(erin.email)).filter((mail) => mail.subject.startsWith('Your daily digest'));
    // 06:00 in Tokyo: not yet.
    await runMailDigests(new Date('2032-03-01T21:00:00Z'));
    expect(await digests()).toEqual([]);
    await runMailDigests(new Date('2032-03-01T22:00:00Z'));
    const [digest, ...more] = await digests();
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Your daily digest: 3 mentions and assignments on TaskFlow');
    expect(digest?.text.match(/mentioned you in a comment on “Launch plan”/g)).toHaveLength(2);
    expect(digest?.text).toContain('assigned you “Book the venue”');
    expect(digest?.text).toContain('/unsubscribe?token=v1.');
    expect(await waiting()).toEqual([]);
    // The retry of that run, or another delivery the same morning, sends nothing more.
    await runMailDigests(new Date('2032-03-01T22:05:00Z'));
    expect(await digests()).toHaveLength(1);
  });

  it('sends one mail for a stream record however often the batch is delivered', async () => {
    const {
      owner,
      members: [fay],
      ...place
    } = await teamWithTask();
    await comment(owner, place, `Read this, @[${fay.userId}]`);
    await eventually(() => notices(fay), (mails) => mails.length === 1, "Fay's mail");
    const [stored] = await queryTable({ KeyConditionExpression: 'PK = :comments AND begins_with(SK, :task)', ExpressionAttributeValues: { ':comments': `COMMENT#${place.workspaceId}`, ':task': `${place.taskId}#` } });
    // The same record, as Lambda would hand it over again after a failure elsewhere in its batch.
    const event = {
      Records: [{ eventID: `redelivered-${randomUUID()}`, eventName: 'INSERT', dynamodb: { NewImage: marshall(stored), ApproximateCreationDateTime: Date.now() / 1000 } }],
    } as unknown as DynamoDBStreamEvent;
    const { mailNotices } = await import('../../functions/mail/notice-mailer.js');
    expect(await mailNotices(event)).toMatchObject({ sent: 1, failed: 0 });
    expect(await mailNotices(event)).toMatchObject({ sent: 0, skipped: 1, failed: 0 });
    expect(await notices(fay)).toHaveLength(2);
  });

  it("sends the daily digest (due today, late) and on Monday the weekly review (this week's saved plan, late), each once; switched off, neither", async () => {
    const {
      owner,
      members: [gus, hal],
      api,
      ...place
    } = await teamWithTask();
    await setPreferences(hal, { dailyDigest: false, weeklyReview: false });
    const planned = await api.createTask(place.workspaceId, place.projectId, { title: 'Draft the budget', timeEstimate: 60, assignedTo: gus.userId });
    await api.createTask(place.workspaceId, place.projectId, { title: 'Hal’s own', timeEstimate: 60, assignedTo: hal.userId });
    // The team's plan, made now: the Monday of the week it put Gus's task in is the morning the job runs on.
    expect((await callApi(config, 'POST', `/workspaces/${place.workspaceId}/weekly-plan`, { token: owner.idToken, body: { timeZone: 'UTC' } })).status).toBe(200);
    const saved = savedWeeklyPlanResponse.parse((await callApi(config, 'GET', `/workspaces/${place.workspaceId}/weekly-plan`, { token: owner.idToken })).body).weeklyPlan;
    const placement = saved?.placements.find((entry) => entry.taskId === planned.id);
    expect(placement).toBeDefined();
    const date = placement?.date ?? '';
    const monday = addDays(date, -weekDays.indexOf(weekDayOf(date)));
    await api.createTask(place.workspaceId, place.projectId, { title: 'Pay the printer', dueDate: monday, assignedTo: gus.userId });
    await api.createTask(place.workspaceId, place.projectId, { title: 'Send the invoices', dueDate: addDays(monday, -3), assignedTo: gus.userId });
    await api.createTask(place.workspaceId, place.projectId, { title: 'Late for Hal', dueDate: addDays(monday, -3), assignedTo: hal.userId });

    const { runMailDigests } = await import('../../functions/schedule/mail-digests.js');
    await runMailDigests(new Date(`${monday}T07:00:00Z`));
    await runMailDigests(new Date(`${monday}T07:10:00Z`));
    const mails = await mailsTo(gus.email);
    const daily = mails.filter((mail) => mail.subject.startsWith('Your day on TaskFlow'));
    const weekly = mails.filter((mail) => mail.subject === 'Your weekly review on TaskFlow');
    expect(daily).toHaveLength(1);
    // The plan dates the tasks it places: Gus's planned one may be due today too.
    expect(daily[0]?.subject).toMatch(/^Your day on TaskFlow: \d tasks? due today, 1 late$/);
    expect(daily[0]?.text).toMatch(/Due today:[\s\S]*Pay the printer[\s\S]*Late:[\s\S]*Send the invoices \(due /);
    expect(daily[0]?.text).toContain('Turn off daily digest mails');
    expect(weekly).toHaveLength(1);
    expect(weekly[0]?.text).toMatch(new RegExp(`Your week as planned:[\\s\\S]*${date}:[\\s\\S]*Draft the budget[\\s\\S]*Late \\(1\\):[\\s\\S]*Send the invoices`));
    expect(weekly[0]?.text).toContain('Turn off weekly review mails');
    expect((await mailsTo(hal.email)).filter((mail) => mail.subject.startsWith('Your'))).toEqual([]);

    // The weekly review's link turns it off; the daily digest stays on.
    const unsubscribed = await callApi(config, 'POST', '/mail/unsubscribe', { body: { token: tokenIn(weekly[0]?.text.split('Turn off weekly review mails')[1] ?? '') } });
    expect(unsubscribed).toEqual({ status: 200, body: { kind: 'weeklyReview' } });
    const profile = profileResponse.parse((await callApi(config, 'GET', '/profile', { token: gus.idToken })).body).profile;
    expect(profile.notificationPreferences).toMatchObject({ weeklyReview: false, dailyDigest: true });
  });

  it('turns off only its own mail, beside a settings save, and on a profile stored before the mail preferences', async () => {
    const { signUnsubscribeToken } = await import('../../functions/mail/unsubscribe-token.js');
    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { keys } = await import('../../functions/data/keys.js');
    const ida = await newAccount();
    const saved = await callApi(config, 'PATCH', '/profile', { token: ida.idToken, body: { notificationPreferences: { email: true, dueDates: true, weeklyReview: false } } });
    expect(saved.status).toBe(200);
    const unsubscribe = async (kind: 'mentions' | 'dailyDigest') => callApi(config, 'POST', '/mail/unsubscribe', { body: { token: await signUnsubscribeToken(ida.userId, kind) } });
    const preferences = async () => profileResponse.parse((await callApi(config, 'GET', '/profile', { token: ida.idToken })).body).profile.notificationPreferences;

    expect((await unsubscribe('mentions')).status).toBe(200);
    expect(await preferences()).toEqual({ email: true, dueDates: true, weeklyReview: false, dailyDigest: true, mentionsAndAssignments: 'off' });

    // A profile from before the preferences: the map is written whole, its defaults with the one turned off.
    await documentClient.send(new UpdateCommand({ TableName: tableName, Key: keys.profile(ida.userId), UpdateExpression: 'REMOVE notificationPreferences' }));
    expect((await unsubscribe('dailyDigest')).status).toBe(200);
    expect(await preferences()).toEqual({ email: true, dueDates: true, weeklyReview: true, dailyDigest: false, mentionsAndAssignments: 'immediately' });
  });
});
