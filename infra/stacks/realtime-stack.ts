import { ArnFormat, CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { WebSocketApi, WebSocketStage, type CfnApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { StartingPosition, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { streamConsumers, webhookSender, webSocketRoutes, workerFunctions, type DataAccess } from '../../shared/routes.js';

import { AppFunction, type AppFunctionContext } from '../constructs/app-function.js';
import { DeadLetterQueue, MAX_MESSAGE_BYTES } from '../constructs/dead-letter-queue.js';
import { grantMailLinks, grantSendMail } from '../constructs/send-mail.js';
import { grantFileAccess } from '../constructs/file-access.js';
import { grantUserPoolAccess } from '../constructs/user-pool-access.js';
import { reservedConcurrency, webSocketThrottle } from '../throttling.js';

export interface RealtimeStackProps extends StackProps {
  readonly functionContext: AppFunctionContext;
}

/**
 * The WebSocket API and everything that pushes through it: the route functions, the chat worker that
 * streams the assistant's replies, and the table-stream consumers that fan changes out to connected browsers.
 */
export class RealtimeStack extends Stack {
  public readonly api: WebSocketApi;
  public readonly stage: WebSocketStage;
  public readonly functions: AppFunction[] = [];
  /** Stream batches the fan-out failed on every try (their shard and sequence range, to replay by hand). */
  public readonly deadLetterQueue: Queue;
  /** Webhook deliveries whose attempts are spent, or that the sender failed on every receive. */
  public readonly webhookDeadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { functionContext } = props;

    this.api = new WebSocketApi(this, 'WebSocketApi', { apiName: `${functionContext.config.appName}-realtime` });
    this.stage = new WebSocketStage(this, 'ProdStage', { webSocketApi: this.api, stageName: 'prod', autoDeploy: true, throttle: webSocketThrottle });
    const noAccessLogs =
      'WebSocket access logs need the account-wide API Gateway CloudWatch role, which this app does not own; ' +
      'every route function logs its own invocations and is traced with X-Ray.';
    Validations.of(this.stage).acknowledge(
      { id: 'AwsSolutions-APIG1', reason: noAccessLogs },
      { id: 'cdk-validator-cfnguard::api_gw_v2_access_logs_enabled_check', reason: noAccessLogs },
    );
    Validations.of(this.api).acknowledge({
      id: 'cdk-validator-cfnguard::lambda_function_public_access_prohibited_check',
      reason:
        "Each route's permission lets only apigateway.amazonaws.com invoke its function, with a SourceArn of this API's " +
        'own execute-api ARN (a Fn::Join the rule does not read as a reference); no function is public.',
    });

    // cdk-nag names a wildcard finding by the flattened resource ARN, so the acknowledgment below must
    // spell out what grantManageConnections grants (stable because the stacks are environment-agnostic).
    const manageConnectionsArn =
      `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:` +
      `<${this.getLogicalId(this.api.node.defaultChild as CfnApi)}>/*/*/@connections/*`;

    /** A function that may post to (and drop) any connection of the API's prod stage. */
    const pushingFunction = (
      { name, handler, dataAccess }: { name: string; handler: string; dataAccess: DataAccess },
      extra: { environment?: Record<string, string>; timeout?: Duration; reservedConcurrency?: number } = {},
    ): AppFunction => {
      const appFunction = new AppFunction(this, name, {
        ...functionContext,
        handler,
        dataAccess,
        environment: { WEBSOCKET_ENDPOINT: this.stage.callbackUrl, ...extra.environment },
        ...(extra.timeout ? { timeout: extra.timeout } : {}),
        ...(extra.reservedConcurrency ? { reservedConcurrency: extra.reservedConcurrency } : {}),
      });
      this.api.grantManageConnections(appFunction.role);
      Validations.of(appFunction.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${manageConnectionsArn}]`,
        reason: 'Connection ids are only known at run time, so ManageConnections is granted on @connections/* of this API.',
      });
      this.functions.push(appFunction);
      return appFunction;
    };

    // The chat worker: started asynchronously by $default, it streams a reply for minutes if need be. It is
    // the only function that calls a model: the OpenAI-compatible endpoint when one is configured, else the
    // configured Bedrock model, and only that one.
    const [chatWorkerDefinition] = workerFunctions;
    const { openAi, bedrockModelId } = functionContext.config;
    const chatWorker = pushingFunction(chatWorkerDefinition, {
      timeout: Duration.seconds(chatWorkerDefinition.timeoutSeconds),
      reservedConcurrency: reservedConcurrency.chatWorker,
      environment: openAi
        ? {
            OPENAI_BASE_URL: openAi.baseUrl,
            ...(openAi.model ? { OPENAI_MODEL: openAi.model } : {}),
            ...(openAi.apiKeySecretName ? { OPENAI_API_KEY_SECRET_NAME: openAi.apiKeySecretName } : {}),
          }
        : { BEDROCK_MODEL_ID: bedrockModelId },
    });
    // The endpoint's key: only its secret's name is in the template, and the worker may read that one secret's
    // value, nothing more (not even DescribeSecret, which grantRead would add). The ARN ends in `-??????`: the
    // six characters Secrets Manager appends to a name.
    if (openAi?.apiKeySecretName) {
      const apiKeySecretArn = this.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: `${openAi.apiKeySecretName}-??????`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
      chatWorker.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [apiKeySecretArn] }));
    }
    // A reply runs once: Lambda's own retries would run its tool calls (task writes) again, and a reply queued
    // behind a throttle for hours would answer nobody. A failure is reported in the chat by the worker itself.
    chatWorker.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.seconds(chatWorkerDefinition.maxEventAgeSeconds) });
    if (!openAi) {
      chatWorker.role.addToPolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
          resources: [`arn:${this.partition}:bedrock:${this.region}::foundation-model/${bedrockModelId}`],
        }),
      );
    }

    for (const route of webSocketRoutes) {
      const startsChats = route.routeKey === '$default';
      const appFunction = pushingFunction(route, startsChats ? { environment: { CHAT_WORKER_FUNCTION: chatWorker.function.functionName } } : {});
      const { function: fn } = appFunction;
      if (startsChats) {
        // It checks the membership of each workspace it subscribes to or chats in (the two-factor rule too).
        grantUserPoolAccess(appFunction, functionContext.auth.userPoolArn, 'two-factor');
        chatWorker.function.grantInvoke(fn);
        Validations.of(this).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(chatWorker.function.node.defaultChild as CfnFunction)}.Arn>:*]`,
          reason: 'grantInvoke also allows the worker function\'s versions and aliases (Arn:*); it is still this one function.',
        });
      }
      const webSocketRoute = this.api.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${route.name}Integration`, fn),
      });
      const connectionAuthorized =
        route.routeKey === '$connect'
          ? 'The $connect function admits only the holder of a one-use ticket (?ticket=, from POST /realtime/tickets) and refuses the connection with 401.'
          : 'API Gateway authorizes a WebSocket only at $connect; later routes run on that already authorized connection.';
      Validations.of(webSocketRoute).acknowledge(
        { id: 'AwsSolutions-APIG4', reason: connectionAuthorized },
        { id: 'cdk-validator-cfnguard::api_gw_v2_authorization_type_configured_check', reason: connectionAuthorized },
      );
    }

    // Webhooks: the dispatcher (a stream consumer below) puts one message per (endpoint, event) on the
    // delivery queue; the sender consumes it in batches, reporting the messages to try again (made visible
    // again at the backoff's time); a message whose attempts are spent is logged as given up for the endpoint's
    // owners and done. Only messages the sender failed to run on, maxReceiveCount times, reach the dead-letter
    // queue, whose alarm pages: one customer's broken receiver does not.
    this.webhookDeadLetterQueue = new DeadLetterQueue(this, 'FailedWebhookDeliveries').queue;
    const webhookQueue = new Queue(this, 'WebhookDeliveries', {
      // Lambda's advice for an SQS source: at least six times the consumer's time limit.
      visibilityTimeout: Duration.seconds(webhookSender.timeoutSeconds * 6),
      // The backoff gives up within 24 h; a message older than 2 days is no delivery anyone waits for.
      retentionPeriod: Duration.days(2),
      // A delivery carries its body (up to 256 KB, escaped as a JSON string): more than SQS's former 256 KiB.
      maxMessageSizeBytes: MAX_MESSAGE_BYTES,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.webhookDeadLetterQueue, maxReceiveCount: webhookSender.maxReceiveCount },
    });
    const { config } = functionContext;
    const sender = new AppFunction(this, webhookSender.name, {
      ...functionContext,
      handler: webhookSender.handler,
      dataAccess: webhookSender.dataAccess,
      timeout: Duration.seconds(webhookSender.timeoutSeconds),
      environment: {
        WEBHOOK_QUEUE_URL: webhookQueue.queueUrl,
        ...(config.webUrl ? { WEB_URL: config.webUrl } : {}),
      },
    });
    // Receive, delete and change visibility on its queue (the event source's grant), and nothing else of SQS.
    sender.function.addEventSource(
      new SqsEventSource(webhookQueue, {
        batchSize: webhookSender.batchSize,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        maxConcurrency: webhookSender.maxConcurrency,
      }),
    );
    if (config.mail) grantSendMail(sender, config.mail);
    this.functions.push(sender);

    /** The webhook dispatcher: the table, and sending to the delivery queue only. */
    const webhookDispatcher = ({ name, handler, dataAccess }: { name: string; handler: string; dataAccess: DataAccess }): AppFunction => {
      const appFunction = new AppFunction(this, name, { ...functionContext, handler, dataAccess, environment: { WEBHOOK_QUEUE_URL: webhookQueue.queueUrl } });
      webhookQueue.grantSendMessages(appFunction.role);
      this.functions.push(appFunction);
      return appFunction;
    };

    /** The notice mailer: the table, mail with unsubscribe links, and nothing to push. */
    const mailingFunction = ({ name, handler, dataAccess }: { name: string; handler: string; dataAccess: DataAccess }): AppFunction => {
      const appFunction = new AppFunction(this, name, { ...functionContext, handler, dataAccess, environment: config.webUrl ? { WEB_URL: config.webUrl } : {} });
      if (config.mail) grantSendMail(appFunction, config.mail);
      grantMailLinks(appFunction, functionContext.mailLinkSecret);
      this.functions.push(appFunction);
      return appFunction;
    };

    this.deadLetterQueue = new DeadLetterQueue(this, 'FailedFanout').queue;
    /** The attachment cleanup: deleting the bucket's attachment objects, and nothing else (not even the table). */
    const fileCleaner = ({ name, handler, dataAccess }: { name: string; handler: string; dataAccess: DataAccess }): AppFunction => {
      const appFunction = new AppFunction(this, name, { ...functionContext, handler, dataAccess });
      grantFileAccess(appFunction, functionContext.config.appName, 'delete');
      this.functions.push(appFunction);
      return appFunction;
    };

    for (const consumer of streamConsumers) {
      const pushes = !('sendsWebhooks' in consumer) && !('sendsMail' in consumer) && !('deletesFiles' in consumer);
      const consumerFunction =
        'sendsWebhooks' in consumer ? webhookDispatcher(consumer) : 'sendsMail' in consumer ? mailingFunction(consumer) : 'deletesFiles' in consumer ? fileCleaner(consumer) : pushingFunction(consumer);
      const { function: fn, role } = consumerFunction;
      // Their audience leaves out owners and admins a workspace's two-factor rule refuses.
      if (pushes) grantUserPoolAccess(consumerFunction, functionContext.auth.userPoolArn, 'two-factor');
      fn.addEventSource(
        new DynamoEventSource(functionContext.table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: 100,
          maxBatchingWindow: Duration.seconds(1),
          // Pushes carry the changes, and activity events are stored from the same records: after a few
          // tries a poisoned record is skipped rather than blocking its shard, and the dead-letter queue
          // keeps where it was (the alarm on it says so). The file cleanup alone keeps trying for the
          // stream's whole day: a record it skips would leave a deleted task's files in the bucket for good.
          ...('deletesFiles' in consumer ? { retryAttempts: 1000, maxRecordAge: Duration.hours(24) } : { retryAttempts: 3, maxRecordAge: Duration.minutes(5) }),
          bisectBatchOnError: true,
          onFailure: new SqsDlq(this.deadLetterQueue),
        }),
      );
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Besides X-Ray, reading the table stream needs dynamodb:ListStreams; neither supports resource-level permissions.',
      });
    }

    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
  }
}
