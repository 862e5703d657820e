import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requiredEnv } from '../lib/config.js';
import { withoutSdkLogging } from '../lib/sdk-logging.js';

/**
 * The one document client of a function. Locally the SDK reads AWS_ENDPOINT_URL_DYNAMODB and talks to
 * DynamoDB Local; in AWS the variable is absent. The code path is the same.
 */
export const tableName = requiredEnv('TABLE_NAME');

export const documentClient = withoutSdkLogging(
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
