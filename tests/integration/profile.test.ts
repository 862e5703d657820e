import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, profileResponse } from '../../shared/schemas/profile.js';
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
      notificationPreferences: { email: true, dueDates: true },
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
  });

  it('refuses bad input with 400 and field messages, and changes nothing', async () => {
    const user = await signUpAndSignIn(config);
    const before = (await callApi(config, 'GET', '/profile', { token: user.idToken })).body;
    const attempts = [
      [{ displayName: '   ' }, { field: 'displayName', message: 'Display Name is required' }],
      [{ displayName: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) }, { field: 'displayName', message: `Display Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters` }],
      [{ notificationPreferences: { email: 'yes', dueDates: true } }, { field: 'notificationPreferences.email', message: 'email must be true or false' }],
    ] as const;
    for (const [body, field] of attempts) {
      const response = await callApi(config, 'PATCH', '/profile', { token: user.idToken, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: [field] });
    }
    expect((await callApi(config, 'GET', '/profile', { token: user.idToken })).body).toEqual(before);
  });
});
