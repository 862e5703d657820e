import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, inject, it } from 'vitest';
import { inboxPage } from '../../shared/schemas/inbox.js';
import { profileResponse } from '../../shared/schemas/profile.js';
import { callApi } from './helpers.js';
import { addMember, config, createWorkspace, mailsTo, newAccount, tableClient, testTable, useTestTable, type Account } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';

/** The job runs in this process against the test stack's table, mailing through its fake SES endpoint. */
useTestTable();
// The stack serves its fake SES only under the start's secret (local/stack.ts).
process.env.AWS_ENDPOINT_URL_SES = `${config.apiUrl.replace(/\/+$/, '')}/_local/${inject('controlSecret')}/_local/ses`;
process.env.MAIL_SENDER = 'noreply@taskflow.local';
process.env.WEB_URL = 'http://localhost:5173';
process.env.MAIL_LINK_KEY_FILE = inject('mailLinkKeyFile');

/** A workspace of a new owner with two new members, who are returned in order. */
async function workspaceWithTwoMembers() {
  const owner = await newAccount();
  const members = await Promise.all([newAccount(), newAccount()]);
  const workspaceId = await createWorkspace(owner);
  for (const member of members) {
    await addMember(owner, workspaceId, member);
    await acknowledgeNotice(member, workspaceId);
  }
  return { owner, members, workspaceId };
}

/** Open or Dismiss on the "you were added" notice. */
async function acknowledgeNotice(member: Account, workspaceId: string): Promise<void> {
  expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership/notice`, { token: member.idToken })).status).toBe(204);
}

describe('the due-date reminder', () => {
  it('mails each assignee their tasks due tomorrow once a day, if they want reminders', async () => {
    const {
      owner,
      members: [alice, bob],
      workspaceId,
    } = await workspaceWithTwoMembers();
    const off = await callApi(config, 'PATCH', '/profile', { token: bob.idToken, body: { notificationPreferences: { email: true, dueDates: false } } });
    expect(off.status).toBe(200);
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
    // The job runs on 4 March 2031 at 07:00 UTC: tomorrow is the 5th.
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Brief the press', dueDate: '2031-03-05', assignedTo: userIdOf(alice) }),
      api.createTask(workspaceId, project, { title: 'Book the hall', dueDate: '2031-03-05', assignedTo: userIdOf(alice) }),
      api.createTask(workspaceId, project, { title: 'Later', dueDate: '2031-03-06', assignedTo: userIdOf(alice) }),
      api.createTask(workspaceId, project, { title: 'Done already', dueDate: '2031-03-05', assignedTo: userIdOf(alice), status: 'completed' }),
      api.createTask(workspaceId, project, { title: 'Bob’s task', dueDate: '2031-03-05', assignedTo: userIdOf(bob) }),
    ]);

    const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
    const now = new Date('2031-03-04T07:00:00Z');
    const first = await runDueDateReminders(now);
    expect(first.failed).toBe(0);
    const reminders = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('due tomorrow'));
    const toAlice = await reminders(alice.email);
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0]?.subject).toBe('2 tasks due tomorrow on TaskFlow');
    expect(toAlice[0]?.text).toContain('Brief the press — Apollo');
    expect(toAlice[0]?.text).toContain('Book the hall');
    expect(toAlice[0]?.text).not.toContain('Later');
    expect(toAlice[0]?.text).not.toContain('Done already');
    // Its link turns the reminder off without signing in.
    const link = /Turn off due date reminder mails: (\S+)/.exec(toAlice[0]?.text ?? '')?.[1] ?? '';
    const token = new URL(link || 'http://x/').searchParams.get('token') ?? '';
    expect(await callApi(config, 'POST', '/mail/unsubscribe', { body: { token } })).toEqual({ status: 200, body: { kind: 'dueDates' } });
    expect(profileResponse.parse((await callApi(config, 'GET', '/profile', { token: alice.idToken })).body).profile.notificationPreferences.dueDates).toBe(false);
    expect(await reminders(bob.email)).toEqual([]);

    // Another delivery the same day sends nothing twice.
    await runDueDateReminders(new Date('2031-03-04T07:05:00Z'));
    expect(await reminders(alice.email)).toHaveLength(1);

    // Each task due tomorrow is one inbox notice, written once, mail or no mail (issue 37).
    const dueNotices = async (member: Account) => {
      const response = await callApi(config, 'GET', '/inbox', { token: member.idToken });
      expect(response.status).toBe(200);
      return inboxPage.parse(response.body).notices.filter((notice) => notice.kind === 'due').map((notice) => `${notice.text} (${notice.actorName ?? 'no actor'})`).sort();
    };
    expect(await dueNotices(alice)).toEqual(['Book the hall (no actor)', 'Brief the press (no actor)']);
    expect(await dueNotices(bob)).toEqual(['Bob’s task (no actor)']);
  });

  it("goes out at 07:00 in each person's primary time zone (while it follows the browser, the browser's), for their tomorrow", async () => {
    const {
      owner,
      members: [carol, dev],
      workspaceId,
    } = await workspaceWithTwoMembers();
    // Carol chose her zone; Dev's clock follows his browser, which reported Kolkata.
    const chosen = await callApi(config, 'PATCH', '/profile', { token: carol.idToken, body: { timeZones: { primary: 'America/Los_Angeles', secondary: 'UTC' } } });
    const reported = await callApi(config, 'PATCH', '/profile', { token: dev.idToken, body: { browserTimeZone: 'Asia/Kolkata' } });
    expect([chosen.status, reported.status]).toEqual([200, 200]);
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Gemini' })).id;
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Carol’s launch check', dueDate: '2032-06-10', assignedTo: userIdOf(carol) }),
      api.createTask(workspaceId, project, { title: 'Dev’s launch check', dueDate: '2032-06-10', assignedTo: userIdOf(dev) }),
    ]);
    const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
    const reminders = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('due tomorrow'));

    // 02:00 UTC on 9 June is 07:30 in Kolkata (tomorrow the 10th there) and 19:00 on the 8th in Los Angeles.
    await runDueDateReminders(new Date('2032-06-09T02:00:00Z'));
    expect(await reminders(dev.email)).toHaveLength(1);
    expect(await reminders(carol.email)).toEqual([]);
    // 07:00 UTC is nobody's morning of these two.
    await runDueDateReminders(new Date('2032-06-09T07:00:00Z'));
    expect(await reminders(carol.email)).toEqual([]);
    // 14:00 UTC is 07:00 in Los Angeles (summer time), on the 9th.
    await runDueDateReminders(new Date('2032-06-09T14:00:00Z'));
    const toCarol = await reminders(carol.email);
    expect(toCarol).toHaveLength(1);
    expect(toCarol[0]?.text).toContain('Carol’s launch check — Gemini');
    expect(toCarol[0]?.text).not.toContain('Dev’s');
    expect(await reminders(dev.email)).toHaveLength(1);
  });

  it('reminds nobody who has left or been removed, though their tasks keep them as assignee', async () => {
    const {
      owner,
      members: [erin, finn],
      workspaceId,
    } = await workspaceWithTwoMembers();
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Hermes' })).id;
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Erin’s handover', dueDate: '2033-09-14', assignedTo: userIdOf(erin) }),
      api.createTask(workspaceId, project, { title: 'Finn’s handover', dueDate: '2033-09-14', assignedTo: userIdOf(finn) }),
    ]);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${userIdOf(erin)}`, { token: owner.idToken })).status).toBe(204);
    const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
    await runDueDateReminders(new Date('2033-09-13T07:00:00Z'));
    const reminders = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('due tomorrow'));
    expect(await reminders(erin.email)).toEqual([]);
    expect(await reminders(finn.email)).toEqual([expect.objectContaining({ subject: '1 task due tomorrow on TaskFlow' })]);
  });

  it('waits until someone added to a workspace has acknowledged it (anyone can add an address and assign it tasks)', async () => {
    const owner = await newAccount();
    const [gus, hana] = await Promise.all([newAccount(), newAccount()]);
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, gus);
    await addMember(owner, workspaceId, hana);
    await acknowledgeNotice(hana, workspaceId);
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Icarus' })).id;
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Pay the invoice now', dueDate: '2033-10-02', assignedTo: userIdOf(gus) }),
      api.createTask(workspaceId, project, { title: 'Hana’s check', dueDate: '2033-10-02', assignedTo: userIdOf(hana) }),
    ]);
    const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
    await runDueDateReminders(new Date('2033-10-01T07:00:00Z'));
    const reminders = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('due tomorrow'));
    expect(await reminders(gus.email)).toEqual([]);
    expect(await reminders(hana.email)).toEqual([expect.objectContaining({ subject: '1 task due tomorrow on TaskFlow' })]);
  });
});

describe('a reminder that could not be sent', () => {
  it('fails the run once the others are sent, so that the retry (the same event again) sends it, and only it', async () => {
    const {
      owner,
      members: [gina, hal],
      workspaceId,
    } = await workspaceWithTwoMembers();
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Iris' })).id;
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Gina’s review', dueDate: '2034-02-02', assignedTo: userIdOf(gina) }),
      api.createTask(workspaceId, project, { title: 'Hal’s review', dueDate: '2034-02-02', assignedTo: userIdOf(hal) }),
    ]);
    // SES cannot run here: its client is mocked, refusing Gina's first mail (a throttle, a paused account).
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
    ses.on(SendEmailCommand, { Destination: { ToAddresses: [gina.email] } }).rejectsOnce(new Error('Maximum sending rate exceeded.'));
    try {
      const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
      const fired = new Date('2034-02-01T07:00:00Z');

      await expect(runDueDateReminders(fired)).rejects.toMatchObject({ name: 'IncompleteRunError', summary: { failed: 1 } });
      // Lambda delivers the same event again; the next hour's run would not, as it is no longer Gina's 07:00.
      await expect(runDueDateReminders(fired)).resolves.toMatchObject({ failed: 0 });

      const recipients = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Destination?.ToAddresses?.[0]);
      expect(recipients.filter((to) => to === gina.email)).toHaveLength(2);
      expect(recipients.filter((to) => to === hal.email)).toHaveLength(1);
    } finally {
      ses.restore();
    }
  });

  it('sends a reminder a run took and died before sending, on the retry once that run’s short hold is over, and only once', async () => {
    const {
      owner,
      members: [kim],
      workspaceId,
    } = await workspaceWithTwoMembers();
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Kepler' })).id;
    await api.createTask(workspaceId, project, { title: 'Kim’s budget', dueDate: '2034-04-02', assignedTo: userIdOf(kim) });
    const { claimMail } = await import('../../functions/data/reminders.js');
    const { keys } = await import('../../functions/data/keys.js');
    const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
    const fired = new Date('2034-04-01T07:00:00Z');
    const toKim = async () => (await mailsTo(kim.email)).filter((mail) => mail.subject.includes('due tomorrow'));

    // The first delivery took Kim's reminder and died before sending it.
    expect(await claimMail(keys.reminderSent(userIdOf(kim), '2034-04-02'), fired)).toEqual(expect.any(String));
    // A delivery while that run might still be sending it leaves it alone.
    await expect(runDueDateReminders(fired)).resolves.toMatchObject({ sent: 0, failed: 0 });
    expect(await toKim()).toHaveLength(0);
    // Lambda's retry comes a minute later, after the hold.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await tableClient.send(
      new UpdateCommand({ TableName: testTable.tableName, Key: keys.reminderSent(userIdOf(kim), '2034-04-02'), UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': 1 } }),
    );
    await expect(runDueDateReminders(fired)).resolves.toMatchObject({ sent: 1, failed: 0 });
    await expect(runDueDateReminders(fired)).resolves.toMatchObject({ sent: 0, failed: 0 });
    expect(await toKim()).toHaveLength(1);
  });

  it('lets only the delivery holding a reminder release it or mark it sent (a slower one whose hold ran out cannot)', async () => {
    const { claimMail, markMailSent, releaseMail } = await import('../../functions/data/reminders.js');
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    const [userId, date, fired] = [`user-${Date.now()}`, '2034-05-02', new Date('2034-05-01T07:00:00Z')];
    const key = keys.reminderSent(userId, date);
    const slower = await claimMail(key, fired);
    await tableClient.send(new UpdateCommand({ TableName: testTable.tableName, Key: key, UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': 1 } }));
    const faster = await claimMail(key, fired);
    expect(faster).toEqual(expect.any(String));
    expect(faster).not.toBe(slower);

    await releaseMail(key, slower ?? '');
    await markMailSent(key, slower ?? '');
    const held = (await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: key }))).Item;
    expect(held).toMatchObject({ status: 'sending', leaseToken: faster });
    expect(await claimMail(key, fired)).toBeUndefined();

    await markMailSent(key, faster ?? '');
    expect((await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: key }))).Item).toMatchObject({ status: 'sent', expiresAt: expect.any(Number) });
    // Marking a record that is gone creates nothing (it would never expire).
    await markMailSent(keys.reminderSent(`${userId}-gone`, date), faster ?? '');
    expect((await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: keys.reminderSent(`${userId}-gone`, date) }))).Item).toBeUndefined();
  });

  it('counts a permanent refusal (an unverified address in the SES sandbox) without failing the run or sending it again', async () => {
    const {
      owner,
      members: [ivy],
      workspaceId,
    } = await workspaceWithTwoMembers();
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Juno' })).id;
    await api.createTask(workspaceId, project, { title: 'Ivy’s report', dueDate: '2034-03-02', assignedTo: userIdOf(ivy) });
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
    const rejected = Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' });
    ses.on(SendEmailCommand, { Destination: { ToAddresses: [ivy.email] } }).rejects(rejected);
    try {
      const { runDueDateReminders } = await import('../../functions/schedule/due-date-reminders.js');
      const fired = new Date('2034-03-01T07:00:00Z');

      await expect(runDueDateReminders(fired)).resolves.toMatchObject({ refused: 1, failed: 0 });
      await expect(runDueDateReminders(fired)).resolves.toMatchObject({ refused: 0, failed: 0 });
      const toIvy = ses.commandCalls(SendEmailCommand).filter((call) => call.args[0].input.Destination?.ToAddresses?.[0] === ivy.email);
      expect(toIvy).toHaveLength(1);
    } finally {
      ses.restore();
    }
  });
});
