import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { FileAccess } from '../../shared/routes.js';
import type { AppFunction } from './app-function.js';

/** The S3 actions each use of the attachments bucket needs (shared/routes/contract.ts `fileAccess`), on its objects only. */
export const fileActions: Readonly<Record<FileAccess | 'delete', readonly string[]>> = {
  // A presigned URL acts with its signer's rights: signing a download needs GetObject, an upload's POST PutObject.
  read: ['s3:GetObject'],
  upload: ['s3:PutObject'],
  // HeadObject is authorized as GetObject.
  check: ['s3:GetObject', 's3:DeleteObject'],
  // The stream's cleanup (DeleteObjects is authorized per object as DeleteObject).
  delete: ['s3:DeleteObject'],
};

/** Where every attachment's object is (functions/data/attachments.ts attachmentObjectKey). */
const OBJECT_PREFIX = 'workspaces/';

/**
 * The attachments bucket's name (data stack), per app, account and region. Named rather than referenced, so
 * the function stacks need no cross-stack reference for it and their grants read plainly.
 */
export function attachmentsBucketName(appName: string): string {
  return `${appName}-attachments-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** Gives the function the bucket's name and exactly these actions on the attachments' objects (no listing, no bucket settings). */
export function grantFileAccess(appFunction: AppFunction, appName: string, access: FileAccess | 'delete'): void {
  const bucketName = attachmentsBucketName(appName);
  appFunction.function.addEnvironment('ATTACHMENTS_BUCKET', bucketName);
  const objects = `arn:${Stack.of(appFunction.role).partition}:s3:::${bucketName}/${OBJECT_PREFIX}*`;
  appFunction.role.addToPrincipalPolicy(new PolicyStatement({ actions: [...fileActions[access]], resources: [objects] }));
  Validations.of(appFunction.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${appName}-attachments-<AWS::AccountId>-<AWS::Region>/${OBJECT_PREFIX}*]`,
    reason: 'Attachment object keys are made per upload (workspaces/<ws>/tasks/<task>/<id>); the grant covers that prefix of the one bucket, and the API authorizes each key it signs.',
  });
}
