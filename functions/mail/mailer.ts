import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { optionalEnv } from '../lib/config.js';
import { logger } from '../lib/logger.js';

/**
 * Sends mail through SES. Locally AWS_ENDPOINT_URL_SES points the same client at the local stack's fake
 * SES endpoint (the outbox); in AWS the variable is absent.
 */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The verified SES identity mails come from; unset when the deployment has no mail sender. */
const sender = optionalEnv('MAIL_SENDER');
/** Made on the first mail: a client made at load would put SES into every bundle that reaches this module. */
let ses: SESClient | undefined;

/** Sends one mail; without a configured sender it only logs, so the app still works without SES. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (!sender) {
    logger.warn('MAIL_SENDER is not set; mail not sent', { subject: mail.subject });
    return;
  }
  ses ??= new SESClient({});
  await ses.send(
    new SendEmailCommand({
      Source: sender,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    }),
  );
}
