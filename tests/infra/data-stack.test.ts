
import { describe, expect, it } from 'vitest';
import { keyAttributeNames, tableDefinition } from '../../functions/data/table-definition.js';
import { createTableInput } from '../../local/dynamodb-local.js';
import { UNFINISHED_UPLOAD_DAYS } from '../../infra/stacks/data-stack.js';
import { EXPORT_DAYS } from '../../shared/schemas/export.js';
import { IMPORT_DAYS } from '../../shared/schemas/import.js';
import { buildTestApp, fullConfig, templateOf } from './app-fixture.js';

describe('DataStack', () => {
  const template = templateOf(buildTestApp().stacks.data);

  it('builds the same table from the shared definition as the local stack creates', () => {
    // The local stack's CreateTable input speaks the same KeySchema/GSI shape as CloudFormation.
    const local = createTableInput('any');
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: local.KeySchema,
      GlobalSecondaryIndexes: local.GlobalSecondaryIndexes,
      StreamSpecification: { StreamViewType: tableDefinition.streamViewType },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: true,
      // SSEEnabled alone means KMS with the account's AWS managed key (aws/dynamodb), whose every use CloudTrail records.
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('declares every key attribute as a string', () => {
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    const definitions = (table?.Properties.AttributeDefinitions ?? []) as { AttributeName: string; AttributeType: string }[];
    expect(definitions.map((definition) => definition.AttributeName).sort()).toEqual(keyAttributeNames().sort());
    expect(new Set(definitions.map((definition) => definition.AttributeType))).toEqual(new Set(['S']));
  });

  it('keeps the table when the stack is deleted', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('DataStack attachments bucket', () => {
  const template = templateOf(buildTestApp(fullConfig).stacks.data);

  it('is private, TLS only, encrypted, drops unfinished uploads and old exports, and allows CORS from the web app only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LifecycleConfiguration: {
        Rules: [
          { AbortIncompleteMultipartUpload: { DaysAfterInitiation: UNFINISHED_UPLOAD_DAYS }, Status: 'Enabled' },
          // Exports' and imports' files (issue 39) go after the days their jobs last.
          { Prefix: 'exports/', ExpirationInDays: EXPORT_DAYS, Status: 'Enabled' },
          { Prefix: 'imports/', ExpirationInDays: IMPORT_DAYS, Status: 'Enabled' },
        ],
      },
      CorsConfiguration: { CorsRules: [{ AllowedOrigins: [fullConfig.webUrl], AllowedMethods: ['POST', 'GET', 'HEAD'] }] },
    });
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
  });

  it('keeps the files when the stack is deleted', () => {
    template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});
