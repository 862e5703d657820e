import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpStage, IWebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
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
import type { AppFunction } from '../constructs/app-function.js';

export interface ObservabilityStackProps extends StackProps {
  readonly config: AppConfig;
  readonly functions: readonly AppFunction[];
  readonly httpStage: IHttpStage;
  readonly webSocketStage: IWebSocketStage;
  readonly table: ITable;
  /** Where failed stream batches and scheduled runs end up: any message there is an alarm. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
}

/** One dashboard for the whole app, and alarms on what should never happen, sent to one SNS topic. */
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
    for (const [name, queue] of Object.entries(deadLetterQueues)) {
      this.alarmOnAny(
        `${name}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        `${name}: work failed every retry and waits in its dead-letter queue; see docs/operations.md`,
      );
    }

    const graph = (title: string, left: IMetric[]) => new GraphWidget({ title, left, width: 12, height: 6 });

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
      ],
    });

    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
  }

  private alarmOnAny(id: string, metric: IMetric, description: string): void {
    const alarm = new Alarm(this, id, {
      metric,
      alarmDescription: description,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
  }
}
