import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes, scheduledJobs, streamConsumers, webSocketRoutes, workerFunctions } from '../../shared/routes.js';
import { buildTestApp, fullConfig, minimalConfig } from './app-fixture.js';

const functionNames = [...httpRoutes, ...webSocketRoutes, ...workerFunctions, ...streamConsumers, ...scheduledJobs].map((entry) => entry.name);

describe('ObservabilityStack', () => {
  const template = Template.fromStack(buildTestApp(fullConfig).stacks.observability);
  const alarms = template.findResources('AWS::CloudWatch::Alarm');

  it.each(functionNames)('alarms on errors and throttles of %s', (name) => {
    for (const metric of ['Errors', 'Throttles']) {
      const alarm = Object.entries(alarms).find(([id]) => id.startsWith(`${name}${metric}`))?.[1];
      expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metric, Threshold: 1 });
    }
  });

  it('alarms on DynamoDB throttles', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'reads + writes' }),
        Match.objectLike({ MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'ReadThrottleEvents' }) }) }),
      ]),
    });
  });

  it.each(['FailedFanout', 'FailedScheduledRuns'])('alarms as soon as a message waits in the %s dead-letter queue', (name) => {
    const alarm = Object.entries(alarms).find(([id]) => id.startsWith(`${name}DeadLetters`))?.[1];
    expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
  });

  it('sends every alarm to the alarm topic', () => {
    expect(Object.keys(alarms)).toHaveLength(functionNames.length * 2 + 3);
    const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0];
    template.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: [{ Ref: topicId }] });
  });

  it('subscribes the alarm e-mail only when one is configured', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: fullConfig.alarmEmail });
    Template.fromStack(buildTestApp(minimalConfig).stacks.observability).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('has one dashboard covering the APIs, every function and the table', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(template.findResources('AWS::CloudWatch::Dashboard'));
    for (const metric of ['5xx', 'Latency', 'MessageCount', 'Errors', 'Throttles', 'Duration', 'ConsumedReadCapacityUnits', 'ReadThrottleEvents']) {
      expect(body).toContain(metric);
    }
  });
});
