import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { withoutSdkLogging } from './sdk-logging.js';

const middlewareNames = (client: { middlewareStack: { identify: () => string[] } }) => client.middlewareStack.identify().join(' ');

describe('withoutSdkLogging', () => {
  it('takes the logger middleware off a document client and the client it wraps', () => {
    const inner = new DynamoDBClient({ region: 'us-east-1' });
    expect(middlewareNames(inner)).toContain('loggerMiddleware');
    const client = withoutSdkLogging(DynamoDBDocumentClient.from(inner));
    expect(middlewareNames(client)).not.toContain('loggerMiddleware');
    expect(middlewareNames(inner)).not.toContain('loggerMiddleware');
  });
});
