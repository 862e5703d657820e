import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/data/table-definition.js';

const stringKey = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/** The single table, shaped by the same definition the local stack uses for DynamoDB Local. */
export class DataStack extends Stack {
  public readonly table: Table;

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

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
