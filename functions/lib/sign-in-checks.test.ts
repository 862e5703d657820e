import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  NotAuthorizedException,
  TooManyRequestsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userPoolOf } from './user-pool.js';

const ISSUER = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123';
const cognito = mockClient(CognitoIdentityProviderClient);
let checks: typeof import('./sign-in-checks.js');

beforeAll(async () => {
  vi.stubEnv('AUTH_ISSUER', ISSUER);
  vi.stubEnv('AUTH_AUDIENCE', 'web-client');
  checks = await import('./sign-in-checks.js');
});
afterEach(() => cognito.reset());
afterAll(() => {
  vi.unstubAllEnvs();
  cognito.restore();
});

describe('userPoolOf', () => {
  it("reads Cognito's own pool from the issuer, with no endpoint of its own", () => {
    expect(userPoolOf(ISSUER, 'web-client')).toEqual({ userPoolId: 'eu-west-1_AbC123', clientId: 'web-client' });
  });

  it("reads a local pool (cognito-local) with its address as the endpoint, whatever the host's name", () => {
    expect(userPoolOf('http://localhost:19229/local_5Xy', 'c')).toEqual({ userPoolId: 'local_5Xy', clientId: 'c', endpoint: 'http://localhost:19229' });
    expect(userPoolOf('https://cognito-idp.eu-west-1.amazonaws.com.evil.example/p', 'c').endpoint).toBe('https://cognito-idp.eu-west-1.amazonaws.com.evil.example');
  });
});

describe('checkSignIn against Cognito (the admin flow: browsers sign in with SRP only)', () => {
  it('signs in with ADMIN_USER_PASSWORD_AUTH on the pool, and answers the code challenge with the admin call', async () => {
    cognito.on(AdminInitiateAuthCommand).resolves({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'session-1' });
    cognito.on(AdminRespondToAuthChallengeCommand).resolves({ AuthenticationResult: { IdToken: 'dropped' } });
    expect(await checks.checkSignIn('user-sub', 'pass', '123456')).toBe('signs-in');
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0]?.args[0].input).toEqual({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: 'eu-west-1_AbC123',
      ClientId: 'web-client',
      AuthParameters: { USERNAME: 'user-sub', PASSWORD: 'pass' },
    });
    expect(cognito.commandCalls(AdminRespondToAuthChallengeCommand)[0]?.args[0].input).toMatchObject({
      UserPoolId: 'eu-west-1_AbC123',
      Session: 'session-1',
      ChallengeResponses: { USERNAME: 'user-sub', SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('refuses a wrong password, a wrong code, and a code for an account that asks none', async () => {
    cognito.on(AdminInitiateAuthCommand).rejectsOnce(new NotAuthorizedException({ message: 'Incorrect username or password.', $metadata: {} }));
    expect(await checks.checkSignIn('user-sub', 'wrong')).toBe('refused');

    cognito.on(AdminInitiateAuthCommand).resolves({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's' });
    cognito.on(AdminRespondToAuthChallengeCommand).rejects(new CodeMismatchException({ message: 'Invalid code', $metadata: {} }));
    expect(await checks.checkSignIn('user-sub', 'pass', '000000')).toBe('refused');
    // The right password alone passes, challenge or not.
    expect(await checks.checkSignIn('user-sub', 'pass')).toBe('signs-in');

    cognito.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'dropped' } });
    expect(await checks.checkSignIn('user-sub', 'pass', '123456')).toBe('refused');
  });

  it('lets other failures through (a throttled pool is no wrong password)', async () => {
    cognito.on(AdminInitiateAuthCommand).rejects(new TooManyRequestsException({ message: 'Too many', $metadata: {} }));
    await expect(checks.checkSignIn('user-sub', 'pass')).rejects.toThrow('Too many');
  });
});

describe('hasTwoFactorSignIn', () => {
  it('asks AdminGetUser; keeps a yes for five minutes and never a no', async () => {
    cognito.on(AdminGetUserCommand).resolvesOnce({ Username: 'u', UserMFASettingList: [] }).resolves({ Username: 'u', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(await checks.hasTwoFactorSignIn('u', 0)).toBe(false);
    expect(await checks.hasTwoFactorSignIn('u', 1_000)).toBe(true);
    expect(await checks.hasTwoFactorSignIn('u', 2_000)).toBe(true);
    expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(2);
    expect(cognito.commandCalls(AdminGetUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: 'eu-west-1_AbC123', Username: 'u' });

    cognito.on(AdminGetUserCommand).resolves({ Username: 'u', UserMFASettingList: [] });
    expect(await checks.hasTwoFactorSignIn('u', 1_000 + 5 * 60_000)).toBe(false);
    expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(3);
  });
});
