import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_TIME, DISPLAY_NAME_MAX_LENGTH, profileResponse } from '../../shared/schemas/profile.js';
import { callApi, signUpAndSignIn } from './helpers.js';
import { config } from './member-fixtures.js';

describe('profile', () => {
  it('is created on first read with the e-mail prefix as name and both notifications on', async () => {
    const user = await signUpAndSignIn(config);
    const first = await callApi(config, 'GET', '/profile', { token: user.idToken });
    expect(first.status).toBe(200);
    const { profile } = profileResponse.parse(first.body);
    expect(profile).toMatchObject({
      displayName: user.email.split('@')[0],
      email: user.email,
      notificationPreferences: { email: true, dueDates: true, mentionsAndAssignments: 'immediately', dailyDigest: true, weeklyReview: true },
      defaultView: 'kanban',
      timeZones: { primary: null, secondary: 'America/New_York' },
      browserTimeZone: null,
    });
    const again = profileResponse.parse((await callApi(config, 'GET', '/profile', { token: user.idToken })).body);
    expect(again.profile).toEqual(profile);
  });

  it('changes only the fields sent, and keeps them', async () => {
    const user = await signUpAndSignIn(config);
    const named = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { displayName: '  Grace Hopper ' } });
    expect(profileResponse.parse(named.body).profile).toMatchObject({
      displayName: 'Grace Hopper',
      notificationPreferences: { email: true, dueDates: true },
    });
    await callApi(config, 'PATCH', '/profile', {
      token: user.idToken,
      body: { notificationPreferences: { email: false, dueDates: true } },
    });
    const stored = profileResponse.parse((await callApi(config, 'GET', '/profile', { token: user.idToken })).body).profile;
    expect(stored).toMatchObject({ displayName: 'Grace Hopper', notificationPreferences: { email: false, dueDates: true } });

    // The mail preferences added later: a client that leaves them out keeps them.
    const daily = await callApi(config, 'PATCH', '/profile', {
      token: user.idToken,
      body: { notificationPreferences: { email: true, dueDates: false, mentionsAndAssignments: 'daily', weeklyReview: false }, defaultView: 'list' },
    });
    expect(profileResponse.parse(daily.body).profile).toMatchObject({
      notificationPreferences: { email: true, dueDates: false, mentionsAndAssignments: 'daily', dailyDigest: true, weeklyReview: false },
      defaultView: 'list',
    });
    const older = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { notificationPreferences: { email: true, dueDates: true } } });
    expect(profileResponse.parse(older.body).profile).toMatchObject({
      notificationPreferences: { email: true, dueDates: true, mentionsAndAssignments: 'daily', dailyDigest: true, weeklyReview: false },
      defaultView: 'list',
    });

    // The clock's zones, kept with the profile so every device shows the same.
    const zoned = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { timeZones: { primary: 'Asia/Tokyo', secondary: 'Europe/Berlin' } } });
    expect(profileResponse.parse(zoned.body).profile).toMatchObject({ displayName: 'Grace Hopper', timeZones: { primary: 'Asia/Tokyo', secondary: 'Europe/Berlin' } });
    // Stored in IANA's letter case, as the clock shows them, however they were typed; other spellings stay.
    const typed = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { timeZones: { primary: 'asia/tokyo', secondary: 'Europe/Kyiv' } } });
    expect(profileResponse.parse(typed.body).profile.timeZones).toEqual({ primary: 'Asia/Tokyo', secondary: 'Europe/Kyiv' });

    // The zone the browser reports (for the reminder's morning), beside the chosen ones.
    const reported = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { browserTimeZone: 'America/Chicago' } });
    expect(profileResponse.parse(reported.body).profile).toMatchObject({ browserTimeZone: 'America/Chicago', timeZones: { primary: 'Asia/Tokyo' } });

    // Working time: Monday to Friday, 8 hours, until changed; sent whole.
    expect(profileResponse.parse(reported.body).profile.workingTime).toEqual(DEFAULT_WORKING_TIME);
    const workingTime = { days: ['tuesday', 'wednesday'], hoursPerDay: 6.5, daysOff: [{ from: '2026-12-24', to: '2027-01-01' }] };
    const worked = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { workingTime } });
    expect(profileResponse.parse(worked.body).profile).toMatchObject({ workingTime, displayName: 'Grace Hopper' });
  });

  it('refuses bad input with 400 and field messages, and changes nothing', async () => {
    const user = await signUpAndSignIn(config);
    const before = (await callApi(config, 'GET', '/profile', { token: user.idToken })).body;
    const attempts = [
      [{ displayName: '   ' }, { field: 'displayName', message: 'Display Name is required' }],
      [{ displayName: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) }, { field: 'displayName', message: `Display Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters` }],
      [{ notificationPreferences: { email: 'yes', dueDates: true } }, { field: 'notificationPreferences.email', message: 'email must be true or false' }],
      [
        { notificationPreferences: { email: true, dueDates: true, mentionsAndAssignments: 'hourly' } },
        { field: 'notificationPreferences.mentionsAndAssignments', message: 'mentionsAndAssignments must be one of off, immediately, daily' },
      ],
      [{ notificationPreferences: { email: true, dueDates: true, weeklyReview: 1 } }, { field: 'notificationPreferences.weeklyReview', message: 'weeklyReview must be true or false' }],
      [{ defaultView: 'calendar' }, { field: 'defaultView', message: 'defaultView must be one of kanban, list' }],
      [{ timeZones: { primary: 'Mars/Olympus', secondary: 'UTC' } }, { field: 'timeZones.primary', message: 'Primary time zone must be an IANA time zone such as Europe/Berlin' }],
      [{ timeZones: { primary: null } }, { field: 'timeZones.secondary' }],
      [{ browserTimeZone: 'Local/Nowhere' }, { field: 'browserTimeZone', message: 'Browser time zone must be an IANA time zone such as Europe/Berlin' }],
      // Working time (the weekly plan's): hours within a day, a day off that ends after it starts.
      [{ workingTime: { ...DEFAULT_WORKING_TIME, hoursPerDay: 25 } }, { field: 'workingTime.hoursPerDay', message: 'Hours per day cannot be over 24' }],
      [{ workingTime: { ...DEFAULT_WORKING_TIME, hoursPerDay: -1 } }, { field: 'workingTime.hoursPerDay', message: 'Hours per day cannot be below 0' }],
      [{ workingTime: { ...DEFAULT_WORKING_TIME, hoursPerDay: 1e-320 } }, { field: 'workingTime.hoursPerDay', message: 'Hours per day must be in quarter hours, such as 7.5' }],
      [
        { workingTime: { ...DEFAULT_WORKING_TIME, daysOff: [{ from: '2026-12-24', to: '2026-12-20' }] } },
        { field: 'workingTime.daysOff.0.to', message: 'A day off cannot end before it starts' },
      ],
      [{ workingTime: { ...DEFAULT_WORKING_TIME, days: ['funday'] } }, { field: 'workingTime.days.0' }],
    ] as const;
    for (const [body, field] of attempts) {
      const response = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: [field] });
    }
    expect((await callApi(config, 'GET', '/profile', { token: user.idToken })).body).toEqual(before);
  });
});

describe('notification preferences are honoured', () => {
  it('with e-mail notifications off, being added to a workspace sends no mail; with them on, it does', async () => {
    const { addMember, createWorkspace, mailsTo, newAccount } = await import('./member-fixtures.js');
    const owner = await newAccount();
    const [quiet, loud] = await Promise.all([newAccount(), newAccount()]);
    const off = await callApi(config, 'PATCH', '/profile', { token: quiet.idToken, body: { notificationPreferences: { email: false, dueDates: true } } });
    expect(off.status).toBe(200);
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, quiet);
    await addMember(owner, workspaceId, loud);
    expect(await mailsTo(loud.email)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toEqual([]);
  });
});
