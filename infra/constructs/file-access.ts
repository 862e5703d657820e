import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { FileAccess } from '../../shared/routes.js';
import type { AppFunction } from './app-function.js';

/** The S3 actions each use of the attachments bucket needs (shared/routes/contract.ts `fileAccess`), on its objects only. */
export type BucketUse = FileAccess | 'delete' | 'write-exports' | 'read-imports';

export const fileActions: Readonly<Record<BucketUse, readonly string[]>> = {
  // A presigned URL acts with its signer's rights: signing a download needs GetObject, an upload's POST PutObject.
  read: ['s3:GetObject'],
  upload: ['s3:PutObject'],
  // HeadObject is authorized as GetObject.
  check: ['s3:GetObject', 's3:DeleteObject'],
  // The stream's cleanup (DeleteObjects is authorized per object as DeleteObject).
  delete: ['s3:DeleteObject'],
  // Exports (issue 39): the routes sign their files' downloads, the export worker writes them (a large one in
  // parts: PutObject authorizes a multipart upload's steps, AbortMultipartUpload drops one that failed, and
  // DeleteObject the files a failed export had finished).
  'read-exports': ['s3:GetObject'],
  'write-exports': ['s3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
  // Imports (issue 39): the routes sign the upload, check its size (deleting one that differs) and delete a
  // cancelled one's file; the import worker reads it.
  'upload-imports': ['s3:PutObject'],
  'check-imports': ['s3:GetObject', 's3:DeleteObject'],
  'delete-imports': ['s3:DeleteObject'],
  'read-imports': ['s3:GetObject'],
};

/**
 * Where each use's objects are: every attachment's under workspaces/ (functions/data/attachments.ts
 * attachmentObjectKey), every export's under exports/ (functions/exports/export-worker.ts exportObjectKey),
 * every import's file under imports/ (functions/domain/imports.ts importObjectKey).
 */
const prefixOf = (access: BucketUse): string => (access.endsWith('-exports') ? EXPORTS_PREFIX : access.endsWith('-imports') ? IMPORTS_PREFIX : 'workspaces/');
/** The exports' prefix, which the bucket's lifecycle rule empties (data stack). */
export const EXPORTS_PREFIX = 'exports/';
/** The imports' prefix, emptied by the bucket's lifecycle rule too. */
export const IMPORTS_PREFIX = 'imports/';

/**
 * The attachments bucket's name (data stack), per app, account and region. Named rather than referenced, so
 * the function stacks need no cross-stack reference for it and their grants read plainly.
 */
export function attachmentsBucketName(appName: string): string {
  return `${appName}-attachments-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** Gives the function the bucket's name and exactly these actions on its use's objects (no listing, no bucket settings). */
export function grantFileAccess(appFunction: AppFunction, appName: string, access: BucketUse): void {
  const bucketName = attachmentsBucketName(appName);
  const prefix = prefixOf(access);
  appFunction.function.addEnvironment('ATTACHMENTS_BUCKET', bucketName);
  const objects = `arn:${Stack.of(appFunction.role).partition}:s3:::${bucketName}/${prefix}*`;
  appFunction.role.addToPrincipalPolicy(new PolicyStatement({ actions: [...fileActions[access]], resources: [objects] }));
  Validations.of(appFunction.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${appName}-attachments-<AWS::AccountId>-<AWS::Region>/${prefix}*]`,
    reason: 'Object keys are made per upload or export (workspaces/<ws>/tasks/<task>/<id> or workspaces/<ws>/projects/<project>/<id>, exports/<export>/<file>, imports/<ws>/<import>/source); the grant covers that prefix of the one bucket, and the API authorizes each key it signs.',
  });
}
