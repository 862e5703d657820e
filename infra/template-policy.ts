import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  IPolicyValidationContextBeta1,
  IPolicyValidationPluginBeta1,
  PolicyValidationPluginReportBeta1,
} from 'aws-cdk-lib';
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

const RESOURCE_TYPE = /AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/g;

interface RuleFile {
  readonly path: string;
  /** The CloudFormation resource types the rule looks at. */
  readonly resourceTypes: ReadonlySet<string>;
}

function ruleFilesUnder(folder: string): RuleFile[] {
  return readdirSync(folder).flatMap((entry) => {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) return ruleFilesUnder(file);
    if (!entry.endsWith('.guard') || path.parse(entry).name in waivedControlTowerRules) return [];
    return [{ path: file, resourceTypes: new Set(readFileSync(file, 'utf8').match(RESOURCE_TYPE) ?? []) }];
  });
}

function resourceTypesOf(templatePath: string): Set<string> {
  const template = JSON.parse(readFileSync(templatePath, 'utf8')) as { Resources?: Record<string, { Type: string }> };
  return new Set(Object.values(template.Resources ?? {}).map((resource) => resource.Type));
}

/**
 * The package's validator, run on each template with only the rules about resource types the template has.
 * cfn-guard evaluates every rule against every resource, even rules about services the template lacks: over the
 * whole app that took about 85 s (64 s on the API stack's template alone), this about 8 s, with the same findings
 * (a rule about types a template lacks finds nothing in it). The report, names and acknowledgments are the
 * package's own.
 */
class TemplatePolicy implements IPolicyValidationPluginBeta1 {
  readonly name: string;
  readonly version?: string;
  readonly ruleIds?: string[];
  private readonly rules: readonly RuleFile[];

  constructor(rulesFolder: string) {
    this.rules = ruleFilesUnder(rulesFolder);
    const whole = new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: this.rules.map((rule) => rule.path) });
    this.name = whole.name;
    this.version = whole.version;
    this.ruleIds = this.rules.map((rule) => path.parse(rule.path).name.replace('ct-', '').replace(/-/g, ''));
  }

  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const reports = context.templatePaths.map((templatePath) => {
      const types = resourceTypesOf(templatePath);
      const relevant = this.rules.filter((rule) => [...rule.resourceTypes].some((type) => types.has(type)));
      if (relevant.length === 0) return { success: true, violations: [] };
      const guard = new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: relevant.map((rule) => rule.path) });
      return guard.validate({ ...context, templatePaths: [templatePath] });
    });
    return {
      success: reports.every((report) => report.success),
      violations: reports.flatMap((report) => report.violations),
    };
  }
}

/**
 * The cfn-guard validation plugin with this app's waivers, as `cdk synth` runs it (infra/bin/app.ts). A test may
 * run one service's rules (`onlyRulesIn`: a folder of the Control Tower rules, e.g. 'cloudfront') instead.
 */
export function templatePolicyPlugin(onlyRulesIn?: string): IPolicyValidationPluginBeta1 {
  return new TemplatePolicy(onlyRulesIn ? path.join(CONTROL_TOWER_RULES, onlyRulesIn) : CONTROL_TOWER_RULES);
}
