import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp, templateOf } from './app-fixture.js';

describe('AuthStack', () => {
  const template = templateOf(buildTestApp().stacks.auth);

  it('lets people sign up and sign in with a verified e-mail and a strong password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      DeletionProtection: 'ACTIVE',
    });
  });

  it('offers two-factor sign-in with an authenticator app, optional, and no SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });

  it('has a public web client that signs browsers in with SRP only: a plain password goes only through the admin flow', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', { GenerateSecret: false, AllowedOAuthFlows: Match.absent() });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const flows = (client?.Properties as { ExplicitAuthFlows: string[] }).ExplicitAuthFlows;
    expect([...flows].sort()).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
  });
});
