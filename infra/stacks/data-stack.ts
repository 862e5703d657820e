import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/data/table-definition.js';
import { attachmentsBucketName, EXPORTS_PREFIX, IMPORTS_PREFIX } from '../constructs/file-access.js';
import { EXPORT_DAYS } from '../../shared/schemas/export.js';
import { IMPORT_DAYS } from '../../shared/schemas/import.js';

const stringKey = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/** The single table, shaped by the same definition the local stack uses for DynamoDB Local. */
export interface DataStackProps extends StackProps {
  readonly appName: string;
  /** The web app's origin: the only one whose pages may post uploads to the attachments bucket (CORS). */
  readonly webUrl: string | undefined;
}

/** How long S3 keeps the parts of a multipart upload nobody finished. */
export const UNFINISHED_UPLOAD_DAYS = 1;

export class DataStack extends Stack {
  public readonly table: Table;
  /** Signs the unsubscribe links of the app's mails (functions/mail/unsubscribe-token.ts). */
  public readonly mailLinkSecret: Secret;
  /** Files on tasks (issue 37): private, reached only through URLs the API presigns. */
  public readonly attachments: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
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
    this.attachments = new Bucket(this, 'Attachments', {
      bucketName: attachmentsBucketName(props.appName),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Exports' files (issue 39) go after EXPORT_DAYS, imports' after IMPORT_DAYS, as their jobs' items do by TTL.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(UNFINISHED_UPLOAD_DAYS) },
        { prefix: EXPORTS_PREFIX, expiration: Duration.days(EXPORT_DAYS) },
        { prefix: IMPORTS_PREFIX, expiration: Duration.days(IMPORT_DAYS) },
      ],
      // Browsers post uploads (presigned POST) and read thumbnails from the web app's pages only. Without a
      // configured web URL there is no rule, and browsers cannot upload (README: TASKFLOW_WEB_URL).
      cors: props.webUrl
        ? [{ allowedOrigins: [props.webUrl], allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD], allowedHeaders: ['*'], exposedHeaders: ['ETag'], maxAge: 3000 }]
        : [],
      // User data, as the table is: a stack deletion must not drop it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.attachments).acknowledge(
      {
        id: 'AwsSolutions-S1',
        reason: 'Every upload and download is signed by the API for a member it authorized, and logged there; CloudTrail data events can be turned on for the bucket where an audit needs more.',
      },
      { id: 'cdk-validator-cfnguard::s3_bucket_logging_enabled_check', reason: 'As AwsSolutions-S1: the API logs each URL it signs, for whom.' },
      {
        id: 'cdk-validator-cfnguard::s3_bucket_versioning_enabled_check',
        reason: 'Deleting an attachment (or its task, project, workspace) must delete the file; versions would keep what people deleted.',
      },
      { id: 'cdk-validator-cfnguard::s3_bucket_object_lock_enabled_check', reason: 'Files are deleted with their attachments; object lock would forbid it.' },
      {
        id: 'cdk-validator-cfnguard::s3_bucket_default_encryption_kms_check',
        reason: 'SSE-S3 encrypts at rest; a KMS key would have to be opened to every presigned URL holder\'s requests through the signer roles, for no gain in who may read.',
      },
      {
        id: 'cdk-validator-cfnguard::s3_event_notifications_enabled_check',
        reason: 'Uploads are confirmed by the API (it reads the object back); deletions follow the table stream, not bucket events.',
      },
      { id: 'cdk-validator-cfnguard::s3_bucket_replication_enabled_check', reason: 'One-region app, as the table is (PITR, no global table).' },
    );

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AttachmentsBucket', { value: this.attachments.bucketName });
  }
}
