import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { CONTROL_TOWER_RULES, templatePolicyPlugin, waivedControlTowerRules } from '../../infra/template-policy.js';
import { buildUnsharedTestApp, fullConfig, minimalConfig } from './app-fixture.js';

/** A synthesis of the whole app with cfn-guard: about 15 s here, slower on a busy machine. */
const WHOLE_APP_TIMEOUT_MS = 120_000;

/**
 * The app synthesized as `cdk synth` does it, with the cfn-guard plugin registered: CDK applies the
 * acknowledgments made in code, and an in-memory synth throws the report when a finding is left.
 */
function synthWithTemplatePolicy(config: typeof fullConfig, onlyRulesIn?: string): () => void {
  const { app } = buildUnsharedTestApp(config);
  Validations.of(app).addPlugins(templatePolicyPlugin(onlyRulesIn));
  return () => app.synth();
}

describe('template policy: AWS Control Tower proactive controls (cfn-guard) at synth', () => {
  it('leaves no finding unexplained in any template, with every optional part on', () => {
    expect(synthWithTemplatePolicy(fullConfig)).not.toThrow();
  }, WHOLE_APP_TIMEOUT_MS);

  // Only the defaults differ where CloudFront is concerned (no custom domain, so the default certificate).
  it("leaves no CloudFront finding unexplained with only the defaults", () => {
    expect(synthWithTemplatePolicy(minimalConfig, 'cloudfront')).not.toThrow();
  }, WHOLE_APP_TIMEOUT_MS);

  it('fails synth on a finding nobody explained', () => {
    const app = new App();
    // A queue with no dead-letter queue of its own, and no acknowledgment: CT.SQS.PR.1.
    new Queue(new Stack(app, 'Unexplained'), 'Queue');
    Validations.of(app).addPlugins(templatePolicyPlugin('sqs'));
    expect(() => app.synth()).toThrow(/CT\.SQS\.PR\.1[\s\S]*Unexplained\/Queue/);
  });

  // A template is checked only against the rules naming a resource type it holds: a rule naming none would never run.
  it('runs only rules that name the resource types they check', () => {
    const ruleFiles = readdirSync(CONTROL_TOWER_RULES, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.guard'));
    expect(ruleFiles.length).toBeGreaterThan(200);
    for (const file of ruleFiles) {
      expect(readFileSync(path.join(CONTROL_TOWER_RULES, file), 'utf8'), file).toMatch(/AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/);
    }
  });

  it('waives whole controls only by rule files that exist, each with its reason', () => {
    for (const [rule, reason] of Object.entries(waivedControlTowerRules)) {
      const service = rule.replace(/^ct-/, '').replace(/-pr-\d+$/, '');
      expect(existsSync(path.join(CONTROL_TOWER_RULES, service, `${rule}.guard`)), rule).toBe(true);
      expect(reason.length).toBeGreaterThan(80);
    }
  });
});
