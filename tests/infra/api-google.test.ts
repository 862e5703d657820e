import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../shared/routes.js';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

interface Resource {
  readonly Properties: Record<string, unknown>;
}

interface Statement {
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: Record<string, Record<string, unknown>>;
}

function statementsOf(template: Template, routeName: string): Statement[] {
  return Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter(([logicalId]) => logicalId.startsWith(`${routeName}Role`))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (statements: readonly Statement[]) => statements.flatMap((statement) => [statement.Action].flat());

function environmentOf(template: Template, routeName: string): Record<string, unknown> {
  const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
  const found = functions.find(([logicalId]) => logicalId.startsWith(`${routeName}Function`));
  return (found?.[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('Google Calendar in the API stack', () => {
  const template = templateOf(buildTestApp(fullConfig).stacks.api);
  const googleRoutes = httpRoutes.filter((route) => route.usesGoogle === true).map((route) => route.name);
  const revocationRoutes = httpRoutes.filter((route) => route.usesGoogle === 'revocation').map((route) => route.name);

  it('creates one KMS key with rotation for the refresh tokens, kept when the stack goes', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', { Properties: { EnableKeyRotation: true }, DeletionPolicy: 'Retain' });
  });

  it('lets nobody create a grant on the key but an AWS service acting for an AWS resource', () => {
    const [key] = Object.values(template.findResources('AWS::KMS::Key'));
    expect(key?.Properties.KeyPolicy.Statement).toContainEqual({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 'kms:CreateGrant',
      Resource: '*',
      Condition: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
    });
  });

  it('gives the routes that call Google the client settings, the secret and the key, and no other route', () => {
    expect(googleRoutes.length).toBeGreaterThanOrEqual(5);
    expect(revocationRoutes.sort()).toEqual(['DeleteWorkspace', 'DisconnectGoogleAccount', 'LeaveWorkspace', 'RemoveMember']);
    for (const route of httpRoutes) {
      const actions = actionsOf(statementsOf(template, route.name));
      const environment = environmentOf(template, route.name);
      if (googleRoutes.includes(route.name)) {
        expect(actions, route.name).toEqual(expect.arrayContaining(['kms:GenerateDataKey', 'kms:Decrypt', 'secretsmanager:GetSecretValue']));
        expect(environment.GOOGLE_CLIENT_ID, route.name).toBe('1234-abc.apps.googleusercontent.com');
        expect(environment.GOOGLE_CLIENT_SECRET_NAME, route.name).toBe('taskflow/google-client-secret');
        expect(environment.WEB_URL, route.name).toBe('https://app.example.com');
        // The secret itself is read at run time, never written into the template.
        expect(environment.GOOGLE_CLIENT_SECRET, route.name).toBeUndefined();
      } else if (revocationRoutes.includes(route.name)) {
        // Only revoking stored grants: the key to open them, no client, no secret.
        expect(actions.filter((action) => action.startsWith('kms:') || action.startsWith('secretsmanager:')), route.name).toEqual(['kms:Decrypt']);
        expect(environment.GOOGLE_TOKEN_KMS_KEY_ID, route.name).toBeDefined();
        expect([environment.GOOGLE_CLIENT_ID, environment.GOOGLE_CLIENT_SECRET_NAME], route.name).toEqual([undefined, undefined]);
      } else {
        // The unsubscribe route reads the mail-link key (least-privilege.test.ts checks which secret).
        const secretActions = actions.filter((action) => action.startsWith('kms:') || (!route.usesMailLinks && action.startsWith('secretsmanager:')));
        expect(secretActions, route.name).toEqual([]);
        expect(environment.GOOGLE_CLIENT_ID, route.name).toBeUndefined();
      }
    }
  });

  it("lets a role use the token key only with a refresh token's encryption context", () => {
    for (const route of [...googleRoutes, ...revocationRoutes]) {
      const kmsStatements = statementsOf(template, route).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('kms:')));
      expect(kmsStatements.length, route).toBeGreaterThan(0);
      for (const statement of kmsStatements) {
        expect(statement.Condition, route).toEqual({
          StringEquals: { 'kms:EncryptionContext:purpose': 'google-refresh-token' },
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose', 'userId', 'workspaceId', 'accountId'] },
        });
      }
    }
  });

  it('leaves Google out of a deployment without its settings', () => {
    const minimal = templateOf(buildTestApp(minimalConfig).stacks.api);
    minimal.resourceCountIs('AWS::KMS::Key', 0);
    for (const route of googleRoutes) expect(environmentOf(minimal, route).GOOGLE_CLIENT_ID).toBeUndefined();
  });
});
