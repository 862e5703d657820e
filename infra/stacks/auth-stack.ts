import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { AppConfig } from '../config.js';
import { perIpRateRule, WebAcl } from '../constructs/web-acl.js';
import { perIpLimits } from '../throttling.js';

export interface AuthStackProps extends StackProps {
  readonly config: AppConfig;
}

/** The Cognito user pool: e-mail sign-up and sign-in, and the web app's public client. */
export class AuthStack extends Stack {
  public readonly userPool: UserPool;
  public readonly userPoolClient: UserPoolClient;
  /** The token issuer the HTTP API authorizer and the WebSocket $connect handler check. */
  public readonly issuer: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${props.config.appName}-users`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed address takes effect only once verified, so tokens never carry an unverified e-mail.
      keepOriginal: { email: true },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Two-factor sign-in with an authenticator app, for whoever turns it on in Settings (no SMS: no SNS costs).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      // Users cannot be recreated with their ids; losing the pool would orphan every workspace membership.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Two-factor sign-in is each user\'s choice (Settings), and a workspace owner can require it of owners and admins; ' +
          'requiring it of every account would shut out members without an authenticator app.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection needs the Plus plan, billed per active user; Essentials is the deliberate default.',
      },
    );

    // The SPA signs in directly with SRP, so the password never leaves the browser, and no hosted UI, OAuth
    // flows or client secret. The plain-password flow is for the API's own side checks only (the admin flow,
    // which needs IAM credentials: functions/lib/sign-in-checks.ts); cognito-local's client allows
    // USER_PASSWORD_AUTH instead, since it has no SRP.
    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.config.appName}-web`,
      generateSecret: false,
      authFlows: { userSrp: true, adminUserPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // The pool's public API (sign-up, sign-in, refresh, reset) is called straight from browsers, not
    // through CloudFront: a regional web ACL limits each address here (Cognito's own quotas are per pool,
    // shared by everyone, so one client could otherwise use them up for all).
    const poolAcl = new WebAcl(this, 'UserPoolAcl', {
      scope: 'REGIONAL',
      metricName: `${props.config.appName}-user-pool`,
      rules: [perIpRateRule('UserPoolRequestsPerIp', perIpLimits.userPool)],
    });
    new CfnWebACLAssociation(this, 'UserPoolAclAssociation', { resourceArn: this.userPool.userPoolArn, webAclArn: poolAcl.arn });

    this.issuer = `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
