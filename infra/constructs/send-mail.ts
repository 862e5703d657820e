import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { AppConfig } from '../config.js';
import type { AppFunction } from './app-function.js';

/** SendEmail from the configured identity and sender address only, and the sender for the mailer. */
export function grantSendMail(appFunction: AppFunction, mail: NonNullable<AppConfig['mail']>): void {
  appFunction.function.addEnvironment('MAIL_SENDER', mail.sender);
  appFunction.role.addToPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [Stack.of(appFunction).formatArn({ service: 'ses', resource: 'identity', resourceName: mail.domain ?? mail.sender })],
      conditions: { StringEquals: { 'ses:FromAddress': mail.sender } },
    }),
  );
}

/** Reading the key that signs mails' unsubscribe links (functions/mail/unsubscribe-token.ts), and its ARN for the function. */
export function grantMailLinks(appFunction: AppFunction, secret: ISecret): void {
  appFunction.function.addEnvironment('MAIL_LINK_SECRET_ID', secret.secretArn);
  secret.grantRead(appFunction.role);
}
