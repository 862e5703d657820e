import { Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fullConfig, minimalConfig, openAiConfig } from './app-fixture.js';

describe.each([
  ['all optional settings', fullConfig],
  ['only defaults', minimalConfig],
  ['an OpenAI-compatible endpoint', openAiConfig],
])('cdk-nag AWS Solutions checks, %s', (_, config) => {
  const { app } = buildTestApp(config);
  // Synthesize first, as `cdk synth` does before it runs validation plugins.
  app.synth();
  const stacks = app.node.children.filter((child): child is Stack => Stack.isStack(child));

  it.each(stacks.map((stack) => [stack.stackName, stack] as const))('%s has no unacknowledged finding', (_, stack) => {
    const { violations } = new AwsSolutionsChecks().validateScope(stack);
    const findings = violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
    );
    expect(findings).toEqual([]);
  });

  it.each(stacks.map((stack) => [stack.stackName, stack] as const))('%s has no CDK warnings or errors', (_, stack) => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('gives every acknowledgment a reason', () => {
    const reasons = app.node
      .findAll()
      .flatMap((construct: IConstruct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.values(entry.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason.length).toBeGreaterThan(40);
  });
});
