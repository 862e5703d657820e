import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

describe('WebStack', () => {
  const template = templateOf(buildTestApp(minimalConfig).stacks.web);

  it('keeps every bucket private, encrypted and TLS-only', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(2);
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
    });
    for (const bucketId of Object.keys(buckets)) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('reads the site bucket through origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
  });

  it('serves index.html at the root and for every client-side route', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: [403, 404].map((ErrorCode) => ({
          ErrorCode,
          ResponseCode: 200,
          ResponsePagePath: '/index.html',
          ErrorCachingMinTTL: 0,
        })),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
      }),
    });
  });

  it('sends security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
          // The auditor off ("0"): the CSP is the defence, and the auditor could be abused.
          XSSProtection: { Protection: false, Override: true },
        }),
        CustomHeadersConfig: {
          Items: [
            { Header: 'Permissions-Policy', Value: Match.anyValue(), Override: true },
            { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
          ],
        },
      }),
    });
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const permissions = String(policy?.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items[0].Value);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(permissions).toContain(`${feature}=()`);
  });

  /** The CSP as one string, each value another stack provides written as <stack:ApiEndpoint>. */
  function contentSecurityPolicyOf(webTemplate: Template): string {
    const [policy] = Object.values(webTemplate.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as {
      'Fn::Join': [string, unknown[]];
    };
    return csp['Fn::Join'][1]
      .map((part) => {
        if (typeof part === 'string') return part;
        const output = (part as { 'Fn::GetStackOutput'?: { StackName: string; OutputName: string } })['Fn::GetStackOutput'];
        if (output) return `<${output.StackName}:${output.OutputName.includes('ApiEndpoint') ? 'ApiEndpoint' : output.OutputName}>`;
        return `<${JSON.stringify(part)}>`;
      })
      .join('');
  }

  it("pins the CSP's connect-src to this deployment's own APIs and Cognito, and allows no remote images or form targets", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicyOf(template)
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    expect(directives['connect-src']).toBe(
      `'self' <taskflow-api:ApiEndpoint> <taskflow-realtime:ApiEndpoint> https://cognito-idp.<${JSON.stringify({ Ref: 'AWS::Region' })}>.amazonaws.com`,
    );
    expect(directives['img-src']).toBe("'self' data:");
    expect(directives['form-action']).toBe("'self'");
    expect(directives['default-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
  });

  it("allows Google's account pictures as images, from their one host, only when Google Calendar is configured", () => {
    const full = contentSecurityPolicyOf(templateOf(buildTestApp(fullConfig).stacks.web));
    expect(full).toContain("img-src 'self' data: https://lh3.googleusercontent.com;");
    expect(full).not.toContain('*.googleusercontent.com');
    expect(full).not.toContain('*.execute-api');
  });

  it('keeps the previous builds\' hashed assets, so open tabs still load their pages, and prunes the rest', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as { Properties: Record<string, unknown> }[];
    const assets = deployments.find((deployment) => JSON.stringify(deployment.Properties.Include) === '["assets/*"]');
    const entry = deployments.find((deployment) => JSON.stringify(deployment.Properties.Exclude) === '["assets/*"]');
    expect(assets?.Properties.Prune).toBe(false);
    expect(entry?.Properties.Prune).not.toBe(false);
  });

  it('deploys config.json with the API, WebSocket and user pool of the other stacks', () => {
    const outputsRead = JSON.stringify(template.findResources('Custom::CDKBucketDeployment'));
    for (const stack of ['taskflow-api', 'taskflow-realtime', 'taskflow-auth']) {
      expect(outputsRead).toContain(`"StackName":"${stack}"`);
    }
  });

  it('uses no custom domain unless configured', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: Match.absent(), ViewerCertificate: Match.absent() }),
    });
  });

  it('serves the custom domain with its certificate and TLS 1.2 when configured', () => {
    const custom = templateOf(buildTestApp(fullConfig).stacks.web);
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [fullConfig.customDomain?.domainName],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: fullConfig.customDomain?.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
      }),
    });
  });
});
