import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../shared/routes.js';
import { buildTestApp, templateOf } from './app-fixture.js';

describe('ScheduleStack', () => {
  const template = templateOf(buildTestApp().stacks.schedule);

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

  it.each(scheduledJobs)('keeps the runs of $name that failed every retry in the dead-letter queue', (job) => {
    const [queueId] = Object.keys(template.findResources('AWS::SQS::Queue'));
    const queueArn = { 'Fn::GetAtt': [queueId, 'Arn'] };
    // The function threw on every try (Lambda's own retries of an async invocation)…
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: Match.anyValue(),
      Timeout: job.timeoutSeconds,
      DeadLetterConfig: { TargetArn: queueArn },
    });
    // …or EventBridge could not invoke it at all.
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${job.cron.minute} ${job.cron.hour} ? * ${job.cron.weekDay} *)`,
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: queueArn }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 } })],
    });
  });

  it.each(scheduledJobs)('runs $name again, twice, when it fails (threw: work left undone, or timed out)', (job) => {
    const functionId = Object.keys(template.findResources('AWS::Lambda::Function')).find((id) => id.startsWith(`${job.name}Function`));
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
    });
  });

  it('has one rule per scheduled job', () => {
    template.resourceCountIs('AWS::Events::Rule', scheduledJobs.length);
  });
});

describe('mail from the scheduled jobs', () => {
  const template = templateOf(buildTestApp().stacks.schedule);
  const policies = Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }>);
  const sesActionsOf = (jobName: string) =>
    policies
      .filter(([logicalId]) => logicalId.startsWith(`${jobName}Role`))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => action.startsWith('ses:'));

  it.each(scheduledJobs)('grants $name SendEmail only if it sends mail', (job) => {
    expect(sesActionsOf(job.name)).toEqual(job.sendsMail ? ['ses:SendEmail'] : []);
  });

  it('sends the due-date reminders and the morning mails, and only them, each with the unsubscribe-link key', () => {
    expect(scheduledJobs.filter((job) => job.sendsMail).map((job) => job.name)).toEqual(['DueDateReminders', 'MailDigests']);
    expect(scheduledJobs.filter((job) => job.usesMailLinks).map((job) => job.name)).toEqual(['DueDateReminders', 'MailDigests']);
  });
});
