import { createRequire } from 'node:module';
import path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';

/** The Control Tower rules the package ships, one folder per service. */
export const CONTROL_TOWER_RULES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json')),
  'rules/control-tower/cfn-guard',
);

/**
 * The AWS Control Tower proactive controls (cfn-guard rules shipped with @cdklabs/cdk-validator-cfnguard,
 * its cfn-guard binary included) that this app follows nowhere, by rule file, each with why. Every other
 * control runs on every template at synth, beside cdk-nag; a finding about one resource is acknowledged next
 * to it instead (`Validations.of(resource).acknowledge({ id: 'cdk-validator-cfnguard::<rule name>', reason })`).
 */
export const waivedControlTowerRules = {
  'ct-lambda-pr-3':
    'CT.LAMBDA.PR.3 (functions in a VPC): the functions reach only AWS APIs, Google and the model endpoint; a VPC ' +
    'would add NAT gateways or a dozen interface endpoints per zone, and cold-start time, with no private resource to reach.',
  'ct-cloudwatch-pr-2':
    'CT.CLOUDWATCH.PR.2 (logs kept a year): function logs are kept a month and API access logs three; they hold user ' +
    'ids and addresses, so keeping them no longer than operations need them is deliberate (docs/operations.md).',
  'ct-cloudwatch-pr-3':
    'CT.CLOUDWATCH.PR.3 (log groups under a KMS key): CloudWatch Logs already encrypts every log group at rest with ' +
    "its own keys, and IAM decides who reads them; a customer key per stack would add cost and key policies, not readers' limits.",
} as const satisfies Record<string, string>;

/**
 * The cfn-guard validation plugin with this app's waivers, as `cdk synth` runs it (infra/bin/app.ts). cfn-guard
 * takes about a minute and a half over all templates (most of it on the API stack's), hence `onlyRulesIn`: a
 * test may run one service's rules (a folder of the Control Tower rules, e.g. 'cloudfront') instead.
 */
export function templatePolicyPlugin(onlyRulesIn?: string): CfnGuardValidator {
  return new CfnGuardValidator({
    disabledRules: Object.keys(waivedControlTowerRules),
    ...(onlyRulesIn ? { controlTowerRulesEnabled: false, rules: [path.join(CONTROL_TOWER_RULES, onlyRulesIn)] } : {}),
  });
}
