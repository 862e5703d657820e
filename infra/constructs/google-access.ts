import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { GOOGLE_TOKEN_PURPOSE, googleTokenContextKeys } from '../../functions/google/token-context.js';
import type { AppConfig } from '../config.js';
import type { AppFunction } from './app-function.js';

/**
 * What the functions that call Google need: the OAuth client id, its secret (read from Secrets Manager at
 * run time, never put in the template), and a KMS key for the envelope encryption of refresh tokens. Only
 * the routes marked `usesGoogle` in shared/routes.ts are given these; those marked 'revocation' only open
 * stored tokens to revoke them, so they get the key's Decrypt alone.
 */
export class GoogleAccess extends Construct {
  private readonly tokenKey: Key;

  constructor(
    scope: Construct,
    id: string,
    private readonly google: NonNullable<AppConfig['google']>,
    private readonly webUrl: string,
  ) {
    super(scope, id);
    this.tokenKey = new Key(this, 'TokenKey', {
      description: 'Envelope encryption of the Google refresh tokens users connect',
      enableKeyRotation: true,
      // The sealed tokens are useless without it: keep it when the stack goes, and wait before deleting.
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    });
    // Nothing here hands the key to a service by grant, so nobody may create one except an AWS service
    // acting for an AWS resource (Control Tower's CT.KMS.PR.3): a grant would outlive any role's policy.
    this.tokenKey.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
  }

  /**
   * The key's actions for a role, only with a refresh token's encryption context (functions/google/
   * token-context.ts): its purpose, and no key beyond the four, so the role can use the key for nothing else.
   */
  private grantKey(appFunction: AppFunction, ...actions: string[]): void {
    appFunction.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions,
        resources: [this.tokenKey.keyArn],
        conditions: {
          StringEquals: { 'kms:EncryptionContext:purpose': GOOGLE_TOKEN_PURPOSE },
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [...googleTokenContextKeys] },
        },
      }),
    );
  }

  grantTo(appFunction: AppFunction, use: true | 'revocation'): void {
    if (use === 'revocation') {
      this.grantKey(appFunction, 'kms:Decrypt');
      appFunction.function.addEnvironment('GOOGLE_TOKEN_KMS_KEY_ID', this.tokenKey.keyArn);
      return;
    }
    const secret = Secret.fromSecretNameV2(appFunction, 'GoogleClientSecret', this.google.clientSecretName);
    secret.grantRead(appFunction.role);
    this.grantKey(appFunction, 'kms:GenerateDataKey', 'kms:Decrypt');
    Object.entries({
      GOOGLE_CLIENT_ID: this.google.clientId,
      GOOGLE_CLIENT_SECRET_NAME: this.google.clientSecretName,
      GOOGLE_TOKEN_KMS_KEY_ID: this.tokenKey.keyArn,
      WEB_URL: this.webUrl,
    }).forEach(([name, value]) => appFunction.function.addEnvironment(name, value));
  }
}
