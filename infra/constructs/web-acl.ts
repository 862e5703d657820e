import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { perIpLimits } from '../throttling.js';

/** A rule of a web ACL, before the ACL numbers it: rules are evaluated in the order they are given. */
export type WebAclRule = Omit<CfnWebACL.RuleProperty, 'priority' | 'visibilityConfig'>;

/**
 * Refuses an address that sent more than `limit` requests (of those `scopeDown` matches, when given) in the
 * last `perIpLimits.windowSeconds`. With `tooManyRequests`, the refusal is a 429 whose Retry-After is the
 * window, by which time the address has surely fallen back under the limit: the web app already reads
 * both (WAF's default refusal is a bare 403, which would read as "not allowed").
 */
export function perIpRateRule(
  name: string,
  limit: number,
  options: { scopeDown?: CfnWebACL.StatementProperty; tooManyRequests?: boolean } = {},
): WebAclRule {
  return {
    name,
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: perIpLimits.windowSeconds,
        ...(options.scopeDown ? { scopeDownStatement: options.scopeDown } : {}),
      },
    },
    action: {
      block: options.tooManyRequests
        ? { customResponse: { responseCode: 429, responseHeaders: [{ name: 'retry-after', value: String(perIpLimits.windowSeconds) }] } }
        : {},
    },
  };
}

export interface WebAclProps {
  /** CLOUDFRONT (the ACL must then live in us-east-1) or REGIONAL (a user pool, an API in this region). */
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Prefix of the CloudWatch metrics WAF writes for the ACL and each rule. */
  readonly metricName: string;
  readonly rules: readonly WebAclRule[];
}

/** A web ACL that allows what none of its rules refuses, with metrics and sampled requests for each rule. */
export class WebAcl extends Construct {
  public readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    this.webAcl = new CfnWebACL(this, 'Acl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.metricName),
      rules: props.rules.map((rule, priority) => ({ ...rule, priority, visibilityConfig: visibility(`${props.metricName}-${rule.name}`) })),
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
