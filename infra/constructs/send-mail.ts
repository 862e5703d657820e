import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
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
