import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../infra/config.js';
import { SPA_FALLBACK_FUNCTION_CODE } from '../../infra/constructs/spa-fallback.js';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify.js';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

/** The config.json the web stack deploys, as synthesized (values of other resources are `<<marker:…>>`). */
function configJsonOf(config: AppConfig): Record<string, string> {
  const { app, stacks } = buildTestApp(config);
  const entry = Object.values(templateOf(stacks.web).findResources('Custom::CDKBucketDeployment')).find((deployment) => deployment.Properties.Prune !== false);
  const configAsset = String(entry?.Properties.SourceObjectKeys[1]).replace(/\.zip$/, '');
  return JSON.parse(readFileSync(path.join(app.synth().directory, `asset.${configAsset}`, 'config.json'), 'utf8')) as Record<string, string>;
}

/** Runs the CloudFront Function's code (plain JavaScript, as CloudFront's runtime runs it) on a request for `uri`. */
function spaFallbackUri(uri: string): string {
  const handler = new Function(`${SPA_FALLBACK_FUNCTION_CODE}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

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
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
      }),
    });
  });

  it('serves index.html at the root and for every client-side route, by a function on the site only', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        // Error responses would apply to the API's answers too: a non-member's 404 would become the app's page.
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SpaFallback'), 'FunctionARN'] } }],
        }),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_FALLBACK_FUNCTION_CODE, FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }) });
    for (const route of ['/', '/projects/42', '/workspaces/w-1/settings', '/integrations/google-calendar/callback']) expect(spaFallbackUri(route)).toBe('/index.html');
    for (const file of ['/config.json', '/assets/index-Bx3f9.js', '/favicon.svg']) expect(spaFallbackUri(file)).toBe(file);
  });

  it('serves the HTTP API under /api: uncached, every method, Authorization and the query passed on, over TLS only', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: Record<string, unknown> }[];
    };
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        // Managed policies: CachingDisabled, and AllViewerExceptHostHeader (every viewer header, Authorization
        // included, and the query string; not Host, which must name the API).
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
        ViewerProtocolPolicy: 'https-only',
      }),
    ]);
    const apiOrigin = config.Origins.find((origin) => origin.Id === config.CacheBehaviors[0]?.TargetOriginId);
    expect(apiOrigin?.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The host of the API stack's endpoint (https://<id>.execute-api.<region>.amazonaws.com).
    expect(JSON.stringify(apiOrigin?.DomainName)).toMatch(/"Fn::GetStackOutput":\{"StackName":"taskflow-api".*ApiEndpoint/);
  });

  it("sends the API, and only the API, the api stack's generated origin secret in the header every route requires", () => {
    const { stacks } = buildTestApp(minimalConfig);
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: { TargetOriginId: string }[];
      Origins: { Id: string; OriginCustomHeaders?: unknown }[];
    };
    const api = templateOf(stacks.api);
    const [secretId] = Object.keys(api.findResources('AWS::SecretsManager::Secret'));
    // The api stack publishes the secret's ARN; the header is a dynamic reference to that secret's value,
    // which CloudFormation resolves at deploy: the value itself is in no template.
    const [secretOutput] = Object.entries(api.findOutputs('*')).filter(([, output]) => JSON.stringify(output.Value) === JSON.stringify({ Ref: secretId }));
    expect(secretOutput).toBeDefined();
    const apiOrigin = config.Origins.find((origin) => origin.Id === config.CacheBehaviors[0]?.TargetOriginId);
    expect(apiOrigin?.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': [
            '',
            ['{{resolve:secretsmanager:', { 'Fn::GetStackOutput': { StackName: 'taskflow-api', Region: { Ref: 'AWS::Region' }, OutputName: secretOutput?.[0] } }, ':SecretString:::}}'],
          ],
        },
      },
    ]);
    // The site's bucket is not sent it.
    for (const origin of config.Origins.filter((candidate) => candidate !== apiOrigin)) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  it('is guarded by the web ACL of the us-east-1 edge stack, deployed before it', () => {
    const { stacks } = buildTestApp(minimalConfig);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: { 'Fn::GetStackOutput': { StackName: 'taskflow-edge', Region: 'us-east-1', OutputName: Match.stringLikeRegexp('WebAclArn') } },
      }),
    });
    expect(stacks.web.dependencies).toContain(stacks.edge);
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

  it("pins the CSP's connect-src to the site itself (and /api), this deployment's WebSocket API, Cognito and the attachments bucket, and allows no other remote images or form targets", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicyOf(template)
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    const region = `<${JSON.stringify({ Ref: 'AWS::Region' })}>`;
    const bucket = `taskflow-attachments-<${JSON.stringify({ Ref: 'AWS::AccountId' })}>-${region}`;
    const bucketHosts = `https://${bucket}.s3.${region}.amazonaws.com https://${bucket}.s3.amazonaws.com`;
    expect(directives['connect-src']).toBe(`'self' <taskflow-realtime:ApiEndpoint> https://cognito-idp.${region}.amazonaws.com ${bucketHosts}`);
    expect(directives['img-src']).toBe(`'self' data: ${bucketHosts}`);
    expect(directives['form-action']).toBe("'self'");
    expect(directives['default-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
  });

  it("allows Google's account pictures as images, from their one host, only when Google Calendar is configured", () => {
    const full = contentSecurityPolicyOf(templateOf(buildTestApp(fullConfig).stacks.web));
    expect(full).toMatch(/img-src 'self' data: \S+ \S+ https:\/\/lh3\.googleusercontent\.com;/);
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

  it('deploys config.json with the WebSocket and user pool of the other stacks, and the API at the site\'s own /api', () => {
    const deployments = JSON.stringify(template.findResources('Custom::CDKBucketDeployment'));
    for (const stack of ['taskflow-realtime', 'taskflow-auth']) {
      expect(deployments).toContain(`"StackName":"${stack}"`);
    }
    expect(deployments).not.toContain('"StackName":"taskflow-api"');
    expect(configJsonOf(minimalConfig).apiUrl).toMatch(/^https:\/\/<<marker:0xbaba:\d+>>\/api$/);
    expect(deployments).toContain(`{"Fn::GetAtt":["${Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]}","DomainName"]}`);
    expect(configJsonOf(fullConfig).apiUrl).toBe(`https://${fullConfig.customDomain?.domainName}/api`);
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
