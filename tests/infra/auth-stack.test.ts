import { Match } from 'aws-cdk-lib/assertions';
import { describe, it } from 'vitest';
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

  it('has a public web client for direct password and SRP sign-in', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlows: Match.absent(),
    });
  });
});
