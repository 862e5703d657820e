import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { AppConfig } from '../config.js';
import { perIpRateRule, WebAcl } from '../constructs/web-acl.js';
import { perIpLimits } from '../throttling.js';

/** A web ACL for CloudFront must be made in us-east-1, whatever region the app deploys to. */
export const EDGE_REGION = 'us-east-1';

/**
 * Rules of AWS's common rule set that look into the request body or query arguments only count (their
 * metrics and samples show what they would have refused) instead of blocking: those parts carry the text
 * people write (notes of up to 50,000 characters, task descriptions, chat messages, the search query), which
 * may quote HTML, file paths or addresses. Such text is stored and shown as markdown without raw HTML, and
 * the API never fetches an address it is given, so what these rules guard against cannot happen, while
 * blocking would refuse people's own notes (SizeRestrictions_BODY alone would refuse every body over 8 KB).
 */
export const COUNTED_COMMON_RULES = [
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
  'CrossSiteScripting_QUERYARGUMENTS',
  'GenericLFI_QUERYARGUMENTS',
  'GenericRFI_QUERYARGUMENTS',
  'EC2MetaDataSSRF_QUERYARGUMENTS',
] as const;

/** GETs whose path starts with /api/workspaces: the reads of workspace data. */
const WORKSPACE_READS: CfnWebACL.StatementProperty = {
  andStatement: {
    statements: [
      { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'GET', textTransformations: [{ priority: 0, type: 'NONE' }] } },
      { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: '/api/workspaces', textTransformations: [{ priority: 0, type: 'NONE' }] } },
    ],
  },
};

export interface EdgeStackProps extends StackProps {
  readonly config: AppConfig;
}

/**
 * The web ACL of the CloudFront distribution (the web stack attaches it), in a stack of its own because it
 * must live in us-east-1 while the other stacks deploy wherever the credentials point (they take no region
 * at synth). The web stack reads the ACL's ARN with `Fn::GetStackOutput` naming this stack and us-east-1
 * (`webAclArnAnywhere`): CloudFormation reads another region's stack output that way itself, so no custom
 * resource, SSM parameter or explicit region for the other stacks is needed, as CDK's own cross-region
 * references would require (they refuse a stack without a region). us-east-1 must be bootstrapped once,
 * like the app's region.
 */
export class EdgeStack extends Stack {
  private readonly webAclArnOutput: CfnOutput;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { region: EDGE_REGION } });

    const { webAcl } = new WebAcl(this, 'SiteAcl', {
      scope: 'CLOUDFRONT',
      metricName: `${props.config.appName}-site`,
      rules: [
        perIpRateRule('SiteRequestsPerIp', perIpLimits.site, { tooManyRequests: true }),
        perIpRateRule('WorkspaceReadsPerIp', perIpLimits.workspaceReads, { scopeDown: WORKSPACE_READS, tooManyRequests: true }),
        {
          name: 'AwsCommonRules',
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
            },
          },
          overrideAction: { none: {} },
        },
      ],
    });
    this.webAclArnOutput = new CfnOutput(this, 'SiteWebAclArn', { value: webAcl.attrArn });
  }

  /** The site ACL's ARN as a stack in any region reads it (the reader must deploy after this stack). */
  get webAclArnAnywhere(): string {
    return Fn.getStackOutput(this.stackName, this.webAclArnOutput.logicalId, EDGE_REGION);
  }
}
