import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../shared/routes.js';
import { buildTestApp } from './app-fixture.js';

describe('ScheduleStack', () => {
  const template = Template.fromStack(buildTestApp().stacks.schedule);

  it.each(scheduledJobs)('runs $name on its cron schedule', (job) => {
    const functionId = Object.keys(template.findResources('AWS::Lambda::Function')).find((id) =>
      id.startsWith(`${job.name}Function`),
    );
    expect(functionId).toBeDefined();
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${job.cron.minute} ${job.cron.hour} ? * ${job.cron.weekDay} *)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } })],
    });
  });

  it.each(scheduledJobs)('gives $name its own time limit, to work through every workspace', (job) => {
    template.hasResourceProperties('AWS::Lambda::Function', { Handler: Match.anyValue(), Timeout: job.timeoutSeconds });
    expect(job.timeoutSeconds).toBeGreaterThan(29);
  });

  it('has one rule per scheduled job', () => {
    template.resourceCountIs('AWS::Events::Rule', scheduledJobs.length);
  });
});
