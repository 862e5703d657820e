import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { optionalEnv } from '../lib/config.js';
import { logger } from '../lib/logger.js';
import { countMetric } from '../lib/metrics.js';

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
/**
 * Made on the first mail (a client made at load would put its setup into every cold start that reaches
 * this module), with a bounded number of tries (the SDK's backoff): a failing send is reported, never
 * repeated without end.
 */
let ses: SESClient | undefined;

/** The bare address of a sender such as 'TaskFlow <noreply@example.com>', lower-cased. */
function addressOf(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim().toLowerCase();
}

/**
 * SES refusals that sending again will not mend: the address or message is refused (in the SES sandbox, an
 * unverified recipient), or the sender or account needs an operator (domain not verified, sending paused).
 */
const PERMANENT_REFUSALS = new Set(['MessageRejected', 'MailFromDomainNotVerifiedException', 'ConfigurationSetDoesNotExistException', 'AccountSendingPausedException']);

export function isPermanentRefusal(error: unknown): boolean {
  return error instanceof Error && PERMANENT_REFUSALS.has(error.name);
}

/**
 * Sends one mail; without a configured sender it only logs, so the app still works without SES. Never to
 * the sender's own address (someone inviting it): its bounces and auto-replies would come back as mail
 * to send again, a loop.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (!sender) {
    logger.warn('MAIL_SENDER is not set; mail not sent', { subject: mail.subject });
    return;
  }
  if (addressOf(mail.to) === addressOf(sender)) {
    logger.warn('Not sending mail to the sender address itself', { subject: mail.subject });
    return;
  }
  ses ??= new SESClient({ maxAttempts: 3 });
  try {
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
  } catch (error) {
    // Refused by SES (suppressed address, paused sending, quota): counted, then the caller decides.
    countMetric('MailsRefused');
    throw error;
  }
  countMetric('MailsSent');
}
