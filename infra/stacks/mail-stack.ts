import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface MailStackProps extends StackProps {
  /** The From address of invitation and notification mails. */
  readonly sender: string;
  /** When set, the whole domain is verified (DKIM) instead of the single sender address. */
  readonly domain?: string | undefined;
}

/**
 * The SES identity the app sends from. An address identity is verified by clicking the link SES mails
 * to it; a domain identity by publishing the DKIM records this stack outputs.
 */
export class MailStack extends Stack {
  public readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);

    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domain ? Identity.domain(props.domain) : Identity.email(props.sender),
    });

    if (props.domain) {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: 'Publish as a CNAME record in the domain to verify it',
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }
}
