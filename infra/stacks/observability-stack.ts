import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpStage, IWebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { AppConfig } from '../config.js';
import { exportWorker, importWorker, scheduledJobs, workerFunctions } from '../../shared/routes.js';
import type { AppFunction } from '../constructs/app-function.js';
import type { BusinessMetric } from '../../functions/lib/metrics.js';

export interface ObservabilityStackProps extends StackProps {
  readonly config: AppConfig;
  readonly functions: readonly AppFunction[];
  readonly httpStage: IHttpStage;
  readonly webSocketStage: IWebSocketStage;
  readonly table: ITable;
  /** Where failed stream batches and scheduled runs end up: any message there is an alarm. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
}

/** Share of API requests answered 5xx above which someone should look (docs/operations.md). */
const SERVER_ERROR_RATE_PERCENT = 5;
/** SES puts an account under review at a 10% bounce or 0.5% complaint rate; warn at half of that. */
const SES_BOUNCE_RATE = 0.05;
const SES_COMPLAINT_RATE = 0.001;
/**
 * Refused assistant messages are counted per hour: each means a user or a workspace spent its daily model-token
 * budget (abuse, a runaway client, or a budget below real use), which the operator should hear of; a refused user
 * who keeps trying alarms at most once an hour, and the alarm clears when the refusals stop.
 */
const BUDGET_REFUSALS_PERIOD = Duration.hours(1);

/**
 * One dashboard for the whole app, and alarms on what should never happen, sent to one SNS topic (and the
 * alarm e-mail). docs/operations.md explains each widget and alarm.
 */
export class ObservabilityStack extends Stack {
  public readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config, functions, httpStage, webSocketStage, table, deadLetterQueues } = props;

    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: `${config.appName} alarms`, enforceSSL: true });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));

    const tableThrottles = new MathExpression({
      label: 'Throttled requests',
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { statistic: 'Sum' }),
        writes: table.metric('WriteThrottleEvents', { statistic: 'Sum' }),
      },
      period: Duration.minutes(5),
    });

    // Any error or throttle is worth a look: the app has no expected failure rate to tolerate.
    for (const appFunction of functions) {
      const name = appFunction.node.id;
      this.alarmOnAny(`${name}Errors`, appFunction.function.metricErrors(), `${name} threw or timed out`);
      this.alarmOnAny(`${name}Throttles`, appFunction.function.metricThrottles(), `${name} was throttled`);
    }
    this.alarmOnAny('TableThrottles', tableThrottles, 'DynamoDB throttled requests to the table');

    /** A business metric of the functions (functions/lib/metrics.ts): the service is its only dimension. */
    const appMetric = (metricName: BusinessMetric, options: { period?: Duration } = {}) =>
      new Metric({ namespace: config.appName, metricName, dimensionsMap: { service: config.appName }, statistic: 'Sum', label: metricName, ...options });
    this.alarmOnAny(
      'AssistantBudgetRefusals',
      appMetric('AssistantBudgetRefusals', { period: BUDGET_REFUSALS_PERIOD }),
      "Assistant messages were refused: a user's or a workspace's daily model-token budget is spent; see docs/operations.md",
    );

    // The workers are started asynchronously: a throttled start waits in Lambda's event queue (retried, and
    // alarmed on as a throttle) and is dropped at the worker's maximum event age, or at once when the worker
    // failed (it is never retried): then a reply or an export was never given.
    const workers = [...workerFunctions, exportWorker, importWorker].flatMap((worker) => functions.filter((f) => f.node.id === worker.name));
    for (const worker of workers) {
      this.alarmOnAny(
        `${worker.node.id}EventsDropped`,
        worker.function.metric('AsyncEventsDropped', { statistic: 'Sum', period: Duration.minutes(5) }),
        `${worker.node.id} dropped requests it never ran to the end (waited past its maximum event age, or failed)`,
      );
    }

    const serverErrorRate = new MathExpression({
      label: '5xx rate (%)',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: httpStage.metricServerError({ statistic: 'Sum' }),
        requests: httpStage.metricCount({ statistic: 'Sum' }),
      },
      period: Duration.minutes(5),
    });
    this.alarmAbove('ApiServerErrorRate', serverErrorRate, SERVER_ERROR_RATE_PERCENT, `More than ${SERVER_ERROR_RATE_PERCENT}% of API requests answered 5xx`, 2);

    // Account-wide SES reputation, published once the account has sent mail.
    const sesReputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    if (config.mail) {
      this.alarmAbove('SesBounceRate', sesReputation('Reputation.BounceRate'), SES_BOUNCE_RATE, 'SES bounce rate is high: sending may be paused');
      this.alarmAbove('SesComplaintRate', sesReputation('Reputation.ComplaintRate'), SES_COMPLAINT_RATE, 'SES complaint rate is high: sending may be paused');
    }
    for (const [name, queue] of Object.entries(deadLetterQueues)) {
      this.alarmOnAny(
        `${name}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        `${name}: work failed every retry and waits in its dead-letter queue; see docs/operations.md`,
      );
    }

    const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 12, height: 6 });
    /** One line per route of the route metrics (functions/lib/metrics.ts), whatever routes exist. */
    const perRoute = (metricName: string, statistic: string) =>
      new MathExpression({
        label: '',
        expression: `SEARCH('{${config.appName},route,service} MetricName="${metricName}"', '${statistic}', 300)`,
        usingMetrics: {},
        period: Duration.minutes(5),
      });
    const jobFunctions = scheduledJobs.flatMap((job) => functions.filter((f) => f.node.id === job.name));
    const sesWidgetMetrics = ['Send', 'Bounce', 'Complaint', 'Reputation.BounceRate', 'Reputation.ComplaintRate'].map((metricName) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: metricName.startsWith('Reputation') ? 'Maximum' : 'Sum', label: metricName }),
    );

    new Dashboard(this, 'Dashboard', {
      dashboardName: config.appName,
      defaultInterval: Duration.hours(3),
      widgets: [
        [
          graph('HTTP API requests and errors', [
            httpStage.metricCount({ label: 'Requests' }),
            httpStage.metricClientError({ label: '4xx' }),
            httpStage.metricServerError({ label: '5xx' }),
          ]),
          graph(
            'HTTP API latency',
            ['p50', 'p90', 'p99'].map((statistic) => httpStage.metricLatency({ statistic, label: statistic })),
          ),
        ],
        [
          graph(
            'WebSocket connections and messages',
            ['ConnectCount', 'MessageCount'].map((name) => webSocketStage.metric(name, { statistic: 'Sum', label: name })),
          ),
          graph(
            'WebSocket errors',
            ['ClientError', 'ExecutionError', 'IntegrationError'].map((name) =>
              webSocketStage.metric(name, { statistic: 'Sum', label: name }),
            ),
          ),
        ],
        [
          graph('Lambda errors', functions.map((f) => f.function.metricErrors({ label: f.node.id }))),
          graph('Lambda throttles', functions.map((f) => f.function.metricThrottles({ label: f.node.id }))),
        ],
        [
          graph('Lambda duration p99', functions.map((f) => f.function.metricDuration({ statistic: 'p99', label: f.node.id }))),
          graph('DynamoDB capacity and throttles', [
            table.metricConsumedReadCapacityUnits({ label: 'Consumed RCU' }),
            table.metricConsumedWriteCapacityUnits({ label: 'Consumed WCU' }),
            tableThrottles,
          ]),
        ],
        [
          graph('API 5xx rate (%)', [serverErrorRate]),
          graph('Route requests', [perRoute('Requests', 'Sum')]),
        ],
        [graph('Route errors (5xx)', [perRoute('Errors', 'Sum')]), graph('Route latency p99', [perRoute('Latency', 'p99')])],
        [
          graph('Tasks, plans and mails', (['TasksCreated', 'WeeklyPlansGenerated', 'MailsSent', 'MailsRefused'] as const).map((name) => appMetric(name))),
          graph('Assistant turns and tool calls', (['AssistantTurns', 'AssistantToolCalls'] as const).map((name) => appMetric(name))),
        ],
        [
          // Tokens run to millions a day, refusals to a few: each on its own axis.
          graph('Assistant tokens and budget refusals', [appMetric('AssistantTokens')], [appMetric('AssistantBudgetRefusals')]),
          graph(
            'Background workers: throttles, dropped requests and event age',
            workers.flatMap((f) => [
              f.function.metricThrottles({ label: `${f.node.id} throttles` }),
              f.function.metric('AsyncEventsDropped', { statistic: 'Sum', label: `${f.node.id} dropped` }),
            ]),
            workers.map((f) => f.function.metric('AsyncEventAge', { statistic: 'Maximum', label: `${f.node.id} oldest event age (ms)` })),
          ),
        ],
        [
          graph('Scheduled job runs and failures', [
            ...jobFunctions.map((f) => f.function.metricInvocations({ label: `${f.node.id} runs` })),
            ...jobFunctions.map((f) => f.function.metricErrors({ label: `${f.node.id} failures` })),
            appMetric('ScheduledPlansFailed'),
          ]),
          graph(
            'Dead-letter queues',
            Object.entries(deadLetterQueues).map(([name, queue]) => queue.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum' })),
          ),
        ],
        [graph('SES sends, bounces and complaints', sesWidgetMetrics)],
      ],
    });

    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
  }

  private alarmOnAny(id: string, metric: IMetric, description: string): void {
    this.alarm(id, metric, description, 1, ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD, 1);
  }

  private alarmAbove(id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1): void {
    this.alarm(id, metric, description, threshold, ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods);
  }

  private alarm(id: string, metric: IMetric, description: string, threshold: number, comparisonOperator: ComparisonOperator, evaluationPeriods: number): void {
    const alarm = new Alarm(this, id, {
      metric,
      alarmDescription: description,
      threshold,
      evaluationPeriods,
      comparisonOperator,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
  }
}
