import { CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/data/table-definition.js';

const stringKey = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/** The single table, shaped by the same definition the local stack uses for DynamoDB Local. */
export class DataStack extends Stack {
  public readonly table: Table;
  /** Signs the unsubscribe links of the app's mails (functions/mail/unsubscribe-token.ts). */
  public readonly mailLinkSecret: Secret;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      stream: StreamViewType[tableDefinition.streamViewType],
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Encrypted with the account's AWS managed KMS key (aws/dynamodb) rather than a key AWS owns, so every
      // use of it shows in CloudTrail (Control Tower's CT.DYNAMODB.PR.2); no key to pay for or administer.
      encryption: TableEncryption.AWS_MANAGED,
      // All user data lives here: neither a stack deletion nor a console click may drop it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    // Generated at the first deploy, read at run time by the functions that sign or check the links (their
    // grant: infra/constructs/send-mail.ts). Not rotated: a new key would void the links of every mail sent.
    this.mailLinkSecret = new Secret(this, 'MailLinkSecret', {
      description: 'The key that signs the unsubscribe links of mails (HMAC-SHA-256)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.mailLinkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the key would void the unsubscribe link of every mail already sent; it opens nothing but turning a mail off.',
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
