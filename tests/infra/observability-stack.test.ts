import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { exportWorker, httpAuthorizer, httpRoutes, importWorker, scheduledJobs, streamConsumers, webhookSender, webSocketRoutes, workerFunctions } from '../../shared/routes.js';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

const workers = [...workerFunctions, exportWorker, importWorker];
const functionNames = [...httpRoutes, httpAuthorizer, ...webSocketRoutes, ...workers, ...streamConsumers, webhookSender, ...scheduledJobs].map((entry) => entry.name);

interface Widget {
  readonly properties: { readonly title: string; readonly metrics?: unknown[][] };
}

/** The dashboard's widgets, its body parsed with every CloudFormation token (region, names) read as "TOKEN". */
function widgetsOf(template: Template): Widget[] {
  const [dashboard] = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
  const parts = (dashboard?.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  const body = parts.map((part) => (typeof part === 'string' ? part : 'TOKEN')).join('');
  return (JSON.parse(body) as { widgets: Widget[] }).widgets;
}

describe('ObservabilityStack', () => {
  const template = templateOf(buildTestApp(fullConfig).stacks.observability);
  const alarms = template.findResources('AWS::CloudWatch::Alarm');
  const widgets = widgetsOf(template);

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

  it.each(['FailedFanout', 'FailedScheduledRuns', 'FailedWebhookDeliveries'])('alarms as soon as a message waits in the %s dead-letter queue', (name) => {
    const alarm = Object.entries(alarms).find(([id]) => id.startsWith(`${name}DeadLetters`))?.[1];
    expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
  });

  it('alarms within the hour when an assistant message was refused for a spent daily token budget', () => {
    const alarm = Object.entries(alarms).find(([id]) => id.startsWith('AssistantBudgetRefusals'))?.[1];
    expect(alarm?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
    // The metric as functions/realtime/default.ts writes it: the deployment's namespace, the service as only dimension.
    expect(alarm?.Properties.Metrics).toEqual([
      expect.objectContaining({
        MetricStat: {
          Metric: { Namespace: 'taskflow', MetricName: 'AssistantBudgetRefusals', Dimensions: [{ Name: 'service', Value: 'taskflow' }] },
          Period: 3600,
          Stat: 'Sum',
        },
      }),
    ]);
  });

  it.each(workers.map((worker) => worker.name))('alarms when %s, started asynchronously, is throttled or drops a request', (name) => {
    for (const [id, metricName] of [[`${name}Throttles`, 'Throttles'], [`${name}EventsDropped`, 'AsyncEventsDropped']] as const) {
      const alarm = Object.entries(alarms).find(([logicalId]) => logicalId.startsWith(id))?.[1];
      expect(alarm?.Properties, id).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metricName, Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      // A function of a nested stack (the export worker, beside its routes) is named through that stack's output.
      expect(JSON.stringify(alarm?.Properties.Dimensions), id).toMatch(new RegExp(`"FunctionName".*${name}Function`));
    }
  });

  it('sends every alarm to the alarm topic', () => {
    // Per function errors and throttles; table throttles; assistant budget refusals; dropped worker requests; three
    // dead-letter queues; the 5xx rate; SES bounces and complaints.
    expect(Object.keys(alarms)).toHaveLength(functionNames.length * 2 + 1 + 1 + workers.length + 3 + 1 + 2);
    const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0];
    template.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: [{ Ref: topicId }] });
  });

  it('alarms when more than 5% of API requests answer 5xx, two periods running', () => {
    const alarm = Object.entries(alarms).find(([id]) => id.startsWith('ApiServerErrorRate'))?.[1];
    expect(alarm?.Properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 2, ComparisonOperator: 'GreaterThanThreshold' });
    expect(JSON.stringify(alarm?.Properties.Metrics)).toContain('100 * errors / requests');
    expect(JSON.stringify(alarm?.Properties.Metrics)).toContain('5xx');
  });

  it.each([
    ['SesBounceRate', 'Reputation.BounceRate', 0.05],
    ['SesComplaintRate', 'Reputation.ComplaintRate', 0.001],
  ])('alarms on the SES reputation: %s', (id, metricName, threshold) => {
    const alarm = Object.entries(alarms).find(([logicalId]) => logicalId.startsWith(id))?.[1];
    expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/SES', MetricName: metricName, Threshold: threshold });
  });

  it('has no SES alarms without a mail sender', () => {
    const minimal = templateOf(buildTestApp(minimalConfig).stacks.observability);
    expect(Object.keys(minimal.findResources('AWS::CloudWatch::Alarm')).filter((id) => id.startsWith('Ses'))).toEqual([]);
  });

  it.each([
    'HTTP API requests and errors',
    'HTTP API latency',
    'API 5xx rate (%)',
    'WebSocket connections and messages',
    'WebSocket errors',
    'Lambda errors',
    'Lambda throttles',
    'Lambda duration p99',
    'DynamoDB capacity and throttles',
    'Route requests',
    'Route errors (5xx)',
    'Route latency p99',
    'Tasks, plans and mails',
    'Assistant turns and tool calls',
    'Assistant tokens and budget refusals',
    'Background workers: throttles, dropped requests and event age',
    'Scheduled job runs and failures',
    'Dead-letter queues',
    'SES sends, bounces and complaints',
  ])('shows the widget "%s"', (title) => {
    expect(widgets.map((widget) => widget.properties.title)).toContain(title);
  });

  it('reads the route and business metrics from the namespace the functions write to', () => {
    const metrics = widgets.flatMap((widget) => widget.properties.metrics ?? []);
    expect(metrics).toContainEqual([{ expression: `SEARCH('{taskflow,route,service} MetricName="Errors"', 'Sum', 300)` }]);
    for (const metric of ['TasksCreated', 'WeeklyPlansGenerated', 'ScheduledPlansFailed', 'AssistantTurns', 'AssistantToolCalls', 'MailsSent', 'MailsRefused']) {
      expect(metrics).toContainEqual(['taskflow', metric, 'service', 'taskflow', expect.anything()]);
    }
    const names = metrics.flat().filter((part): part is string => typeof part === 'string');
    for (const metric of ['Reputation.BounceRate', 'Bounce', 'Complaint', 'ApproximateNumberOfMessagesVisible', 'Invocations']) expect(names).toContain(metric);
  });

  it("shows the assistant's tokens and refusals, and the background workers' throttles, dropped requests and event age (chat, import and export)", () => {
    const metricsOf = (title: string) => widgets.find((widget) => widget.properties.title === title)?.properties.metrics ?? [];
    const budget = metricsOf('Assistant tokens and budget refusals');
    expect(budget).toContainEqual(['taskflow', 'AssistantTokens', 'service', 'taskflow', expect.anything()]);
    expect(budget).toContainEqual(['taskflow', 'AssistantBudgetRefusals', 'service', 'taskflow', expect.objectContaining({ yAxis: 'right' })]);
    const worker = metricsOf('Background workers: throttles, dropped requests and event age').map((metric) => metric.filter((part) => typeof part === 'string'));
    for (const metricName of ['Throttles', 'AsyncEventsDropped', 'AsyncEventAge']) expect(worker).toContainEqual(['AWS/Lambda', metricName, 'FunctionName', 'TOKEN']);
  });

  it('subscribes the alarm e-mail only when one is configured', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: fullConfig.alarmEmail });
    templateOf(buildTestApp(minimalConfig).stacks.observability).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('has one dashboard covering the APIs, every function and the table', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(template.findResources('AWS::CloudWatch::Dashboard'));
    for (const metric of ['5xx', 'Latency', 'MessageCount', 'Errors', 'Throttles', 'Duration', 'ConsumedReadCapacityUnits', 'ReadThrottleEvents']) {
      expect(body).toContain(metric);
    }
  });
});
