import { CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify.js';
import type { AppConfig } from '../config.js';
import { attachmentsBucketName } from '../constructs/file-access.js';
import { SiteDeployment } from '../constructs/site-deployment.js';
import { SPA_FALLBACK_FUNCTION_CODE } from '../constructs/spa-fallback.js';
import { HTTP_STAGE_NAME } from './api-stack.js';

/** Where Google serves account pictures (the `picture` of its userinfo): the only remote images allowed. */
const GOOGLE_ACCOUNT_PICTURES = 'https://lh3.googleusercontent.com';

/** Browser features the app never uses, denied to it and to anything it could embed. */
const DENIED_BROWSER_FEATURES = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb', 'browsing-topics'];

export interface WebStackProps extends StackProps {
  readonly config: AppConfig;
  /** The HTTP API (`https://<id>.execute-api…`), which the site serves under /api. */
  readonly apiEndpoint: string;
  /** The secret the API origin sends in `x-origin-verify`, without which the API refuses a request (api stack). */
  readonly originVerifySecret: ISecret;
  /** The values the SPA reads from /config.json besides its API. */
  readonly webSocketUrl: string;
  /** The WebSocket API's origin (`wss://<id>.execute-api…`): with Cognito, the only other host the SPA may call. */
  readonly webSocketOrigin: string;
  /** The web ACL of the distribution (us-east-1, `EdgeStack`). */
  readonly webAclArn: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/**
 * The SPA: a private bucket behind CloudFront, deployed with the /config.json that points it at AWS. The
 * HTTP API is served by the same distribution under /api, so the app calls its own origin and every call
 * passes the distribution's web ACL (per-address limits, AWS's common rules).
 */
export class WebStack extends Stack {
  public readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { customDomain } = props.config;

    const logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    const recursiveLogs = 'This bucket is the access-log destination of the site bucket and the distribution; logging it would recurse.';
    Validations.of(logBucket).acknowledge(
      { id: 'AwsSolutions-S1', reason: recursiveLogs },
      { id: 'cdk-validator-cfnguard::s3_bucket_logging_enabled_check', reason: recursiveLogs },
      {
        id: 'cdk-validator-cfnguard::s3_bucket_versioning_enabled_check',
        reason: 'Logs are written once and expire after 90 days; versions would only keep expired logs longer.',
      },
      {
        id: 'cdk-validator-cfnguard::s3_bucket_object_lock_enabled_check',
        reason: 'Logs expire after 90 days by the lifecycle rule; object lock would keep them past it, and they are no audit record.',
      },
    );

    const siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'site/',
    });
    Validations.of(siteBucket).acknowledge(
      {
        id: 'cdk-validator-cfnguard::s3_bucket_versioning_enabled_check',
        reason: 'The bucket holds the built SPA, rebuilt from the repository on every deploy; earlier builds\' hashed assets are kept anyway.',
      },
      {
        id: 'cdk-validator-cfnguard::s3_bucket_object_lock_enabled_check',
        reason: 'Every deploy replaces index.html and config.json and prunes old entry files, which object lock would forbid.',
      },
      {
        id: 'cdk-validator-cfnguard::s3_lifecycle_policy_check',
        reason: 'Old hashed assets are kept on purpose for tabs opened before a deploy; expiring them by age could remove ones the current build still uses.',
      },
    );
    for (const bucket of [logBucket, siteBucket]) {
      Validations.of(bucket).acknowledge(
        {
          id: 'cdk-validator-cfnguard::s3_bucket_default_encryption_kms_check',
          reason: 'SSE-S3 encrypts at rest; the objects are the public SPA and access logs, and a KMS key would also have to be opened to CloudFront and log delivery.',
        },
        {
          id: 'cdk-validator-cfnguard::s3_event_notifications_enabled_check',
          reason: 'Nothing reacts to objects arriving in this bucket: the site is deployed by CloudFormation and logs are read on demand.',
        },
      );
    }

    const securityHeaders = this.securityHeaders(props);
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Client-side routes get /index.html',
      code: FunctionCode.fromInline(SPA_FALLBACK_FUNCTION_CODE),
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.config.appName} web app`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The API, never cached, with every method; the ID token (Authorization), query and body go through
        // unchanged (all viewer headers but Host, which must be the API's own), and the path too: the API's
        // stage is named as this prefix (HTTP_STAGE_NAME). https only: a redirect would drop a POST's body.
        // Every request carries the origin secret, which the API requires (a viewer's own x-origin-verify is
        // overwritten by CloudFront's), so the API answers only what passed this distribution's web ACL.
        [`/${HTTP_STAGE_NAME}/*`]: {
          origin: new HttpOrigin(Fn.parseDomainName(props.apiEndpoint), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
      webAclId: props.webAclArn,
      domainNames: customDomain ? [customDomain.domainName] : undefined,
      certificate: customDomain
        ? Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn)
        : undefined,
      // Only a custom certificate can set the viewer TLS policy; the default one is fixed (see CFR4 below).
      minimumProtocolVersion: customDomain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The app serves its users wherever they are; no country is excluded.' },
      {
        id: 'cdk-validator-cfnguard::cloudfront_origin_failover_enabled_check',
        reason: 'The bucket, the API and the table behind them live in one region; a failover origin would need the whole app in a second one.',
      },
    );
    if (!customDomain) {
      const defaultCertificate =
        'Without domainName/certificateArn the default *.cloudfront.net certificate is used, whose TLS policy cannot be ' +
        'changed; with a custom domain TLSv1.2_2021 is enforced.';
      Validations.of(this.distribution).acknowledge(
        { id: 'AwsSolutions-CFR4', reason: defaultCertificate },
        { id: 'cdk-validator-cfnguard::cloudfront_security_policy_check', reason: defaultCertificate },
        { id: 'cdk-validator-cfnguard::cloudfront_custom_ssl_certificate_check', reason: defaultCertificate },
        { id: 'cdk-validator-cfnguard::cloudfront_sni_enabled_check', reason: `${defaultCertificate} (A custom certificate is served with SNI.)` },
      );
    }

    const webUrl = customDomain ? `https://${customDomain.domainName}` : `https://${this.distribution.distributionDomainName}`;
    new SiteDeployment(this, 'Deploy', {
      bucket: siteBucket,
      distribution: this.distribution,
      webConfig: {
        stage: 'aws',
        region: this.region,
        apiUrl: `${webUrl}/${HTTP_STAGE_NAME}`,
        webSocketUrl: props.webSocketUrl,
        userPoolId: props.userPoolId,
        userPoolClientId: props.userPoolClientId,
      },
    });

    new CfnOutput(this, 'WebUrl', { value: webUrl });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain (CNAME or alias) here',
      value: this.distribution.distributionDomainName,
    });
  }

  /**
   * Standard security headers plus a CSP that lets the SPA talk to its own origin (which serves the HTTP
   * API under /api), this deployment's WebSocket API and Cognito in this region, and nothing else. Images come from the site itself
   * (data: for inline icons), the attachments bucket (thumbnails; uploads post there too) and, with Google Calendar, from the one host of Google's account pictures: a
   * remote image in a note cannot load, so no tracking pixel can report who read it. `X-XSS-Protection: 0`
   * turns off the old browsers' XSS auditor, which could itself be abused to blank parts of a page (the CSP
   * is the defence); no powerful browser feature is ever asked for, so Permissions-Policy denies them all;
   * and no other site's window keeps a handle on ours (Cross-Origin-Opener-Policy).
   */
  private securityHeaders(props: WebStackProps): ResponseHeadersPolicy {
    // The attachments bucket (issue 37): uploads are posted to it and thumbnails read from it, by presigned
    // URLs of its virtual-hosted names (regional, and the global one the SDK may use in us-east-1).
    const attachments = attachmentsBucketName(props.config.appName);
    const bucketHosts = [`https://${attachments}.s3.${this.region}.amazonaws.com`, `https://${attachments}.s3.amazonaws.com`];
    const connectSources = [props.webSocketOrigin, `https://cognito-idp.${this.region}.amazonaws.com`, ...bucketHosts];
    const imageSources = ["'self'", 'data:', ...bucketHosts, ...(props.config.google ? [GOOGLE_ACCOUNT_PICTURES] : [])];
    const contentSecurityPolicy = [
      "default-src 'self'",
      `connect-src 'self' ${connectSources.join(' ')}`,
      `img-src ${imageSources.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');

    return new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        xssProtection: { protection: false, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: DENIED_BROWSER_FEATURES.map((feature) => `${feature}=()`).join(', '), override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });
  }
}
