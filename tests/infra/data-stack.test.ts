import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { keyAttributeNames, tableDefinition } from '../../functions/data/table-definition.js';
import { buildTestApp } from './app-fixture.js';

describe('DataStack', () => {
  const template = Template.fromStack(buildTestApp().stacks.data);

  it('builds the single table from the shared table definition', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamViewType: tableDefinition.streamViewType },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: true,
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
