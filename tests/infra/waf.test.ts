import { describe, expect, it } from 'vitest';
import { COUNTED_COMMON_RULES, EDGE_REGION } from '../../infra/stacks/edge-stack.js';
import { perIpLimits } from '../../infra/throttling.js';
import { buildTestApp, templateOf } from './app-fixture.js';

interface Rule {
  readonly Name: string;
  readonly Priority: number;
  readonly Statement: {
    RateBasedStatement?: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement?: unknown };
    ManagedRuleGroupStatement?: { VendorName: string; Name: string; RuleActionOverrides?: { Name: string; ActionToUse: unknown }[] };
  };
  readonly Action?: unknown;
  readonly OverrideAction?: unknown;
}

const { stacks } = buildTestApp();

/** The one web ACL of a stack and its rules, by name. */
function webAclOf(template: ReturnType<typeof templateOf>) {
  const acls = Object.entries(template.findResources('AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  const [[logicalId, acl]] = acls as [[string, { Properties: { Scope: string; DefaultAction: unknown; Rules: Rule[] } }]];
  return { logicalId, scope: acl.Properties.Scope, defaultAction: acl.Properties.DefaultAction, rules: new Map(acl.Properties.Rules.map((rule) => [rule.Name, rule])) };
}

const tooManyRequests = { Block: { CustomResponse: { ResponseCode: 429, ResponseHeaders: [{ Name: 'retry-after', Value: String(perIpLimits.windowSeconds) }] } } };

describe("the distribution's web ACL (edge stack, us-east-1)", () => {
  const edge = templateOf(stacks.edge);
  const acl = webAclOf(edge);

  it('is a CLOUDFRONT ACL in us-east-1 that allows what no rule refuses', () => {
    expect(stacks.edge.region).toBe(EDGE_REGION);
    expect(EDGE_REGION).toBe('us-east-1');
    expect(acl.scope).toBe('CLOUDFRONT');
    expect(acl.defaultAction).toEqual({ Allow: {} });
  });

  it(`refuses an address past ${perIpLimits.site} requests in 5 minutes, with 429 and Retry-After`, () => {
    const rule = acl.rules.get('SiteRequestsPerIp');
    expect(rule?.Statement.RateBasedStatement).toEqual({ Limit: perIpLimits.site, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rule?.Action).toEqual(tooManyRequests);
  });

  it(`refuses an address past ${perIpLimits.workspaceReads} workspace reads (GET /api/workspaces…) in 5 minutes`, () => {
    const rule = acl.rules.get('WorkspaceReadsPerIp');
    expect(rule?.Statement.RateBasedStatement).toMatchObject({ Limit: perIpLimits.workspaceReads, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scopeDown = JSON.stringify(rule?.Statement.RateBasedStatement?.ScopeDownStatement);
    expect(scopeDown).toContain('"FieldToMatch":{"Method":{}},"PositionalConstraint":"EXACTLY","SearchString":"GET"');
    expect(scopeDown).toContain('"FieldToMatch":{"UriPath":{}},"PositionalConstraint":"STARTS_WITH","SearchString":"/api/workspaces"');
    expect(rule?.Action).toEqual(tooManyRequests);
    expect(perIpLimits.workspaceReads).toBeLessThan(perIpLimits.site);
  });

  it("applies AWS's common rule set, only counting the rules that read the text people write", () => {
    const rule = acl.rules.get('AwsCommonRules');
    expect(rule?.OverrideAction).toEqual({ None: {} });
    expect(rule?.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    const overrides = rule?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides ?? [];
    expect(overrides).toEqual(COUNTED_COMMON_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })));
    for (const { Name } of overrides) expect(Name).toMatch(/_(BODY|QUERYARGUMENTS)$/);
  });

  it('checks the rate limits before the rule set, so a flood is refused before its bodies are inspected', () => {
    expect([...acl.rules.values()].sort((a, b) => a.Priority - b.Priority).map((rule) => rule.Name)).toEqual(['SiteRequestsPerIp', 'WorkspaceReadsPerIp', 'AwsCommonRules']);
  });

  it("hands its ARN to the web stack, whose distribution it guards", () => {
    expect(edge.findOutputs('*')).toEqual({ SiteWebAclArn: { Value: { 'Fn::GetAtt': [acl.logicalId, 'Arn'] } } });
    const [distribution] = Object.values(templateOf(stacks.web).findResources('AWS::CloudFront::Distribution'));
    expect(distribution?.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetStackOutput': { StackName: 'taskflow-edge', Region: 'us-east-1', OutputName: 'SiteWebAclArn' } });
  });
});

describe("the user pool's web ACL (auth stack)", () => {
  const auth = templateOf(stacks.auth);
  const acl = webAclOf(auth);

  it(`is a REGIONAL ACL refusing an address past ${perIpLimits.userPool} requests to the pool in 5 minutes`, () => {
    expect(acl.scope).toBe('REGIONAL');
    expect(acl.defaultAction).toEqual({ Allow: {} });
    expect([...acl.rules.keys()]).toEqual(['UserPoolRequestsPerIp']);
    expect(acl.rules.get('UserPoolRequestsPerIp')?.Statement.RateBasedStatement).toEqual({ Limit: perIpLimits.userPool, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(acl.rules.get('UserPoolRequestsPerIp')?.Action).toEqual({ Block: {} });
  });

  it('is associated with the user pool', () => {
    const [poolId] = Object.keys(auth.findResources('AWS::Cognito::UserPool'));
    auth.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [acl.logicalId, 'Arn'] },
    });
    auth.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
  });
});
