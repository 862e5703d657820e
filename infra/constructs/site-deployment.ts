import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../../shared/web-config.js';
import { webAppSource } from '../web-build.js';

export interface SiteDeploymentProps {
  readonly bucket: Bucket;
  readonly distribution: IDistribution;
  /** Deployed as /config.json beside the app. */
  readonly webConfig: WebConfig;
}

/**
 * Copies the built SPA and its config.json into the site bucket. Vite names everything under assets/ by
 * its content hash, so those files are cached for a year and deployed first; index.html, config.json and
 * the other fixed names are revalidated on every load and follow, so a page never references assets
 * that are not there yet, nor (they are kept) ones that are gone.
 */
export class SiteDeployment extends Construct {
  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const { bucket, distribution, webConfig } = props;

    // Both deployments run in CDK's one deployment handler; give it a role that, unlike its default,
    // carries no AWS managed policy and writes only to its own log group.
    const role = new Role(this, 'HandlerRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const logGroup = new LogGroup(this, 'HandlerLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(role);

    const site = webAppSource();
    const assets = new BucketDeployment(this, 'Assets', {
      sources: [site],
      destinationBucket: bucket,
      role,
      logGroup,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      // The previous build's files stay: a tab opened before this deploy still loads its pages' chunks
      // (pruned, its next lazy page would fail to load). They are hashed, small, and never served to a
      // page loaded after the deploy.
      prune: false,
    });
    const entry = new BucketDeployment(this, 'Entry', {
      sources: [site, Source.jsonData('config.json', webConfig)],
      destinationBucket: bucket,
      role,
      logGroup,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
    });
    entry.node.addDependency(assets);

    const bucketLogicalId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnBucket);
    const wildcardGrants: [findings: string[], reason: string][] = [
      [
        ['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*'],
        "CDK's read grant on the staged web build; the handler also lists the site bucket to sync it.",
      ],
      [
        ['Action::s3:Abort*', 'Action::s3:DeleteObject*', `Resource::<${bucketLogicalId}.Arn>/*`],
        'Syncing writes and prunes any object of the site bucket and aborts interrupted multipart uploads.',
      ],
      [
        ['Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*'],
        'The staged web build lives in the CDK bootstrap asset bucket under a key known only at deploy time.',
      ],
      [['Resource::*'], 'CloudFront CreateInvalidation/GetInvalidation support no resource-level permissions.'],
    ];
    for (const [findings, reason] of wildcardGrants) {
      for (const finding of findings) Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
    // The handler itself is a singleton at stack level, outside this construct.
    Validations.of(Stack.of(this)).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "The only function in this stack is CDK's BucketDeployment handler, whose runtime aws-cdk-lib chooses.",
    });
  }
}
