import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { streamConsumers, webhookSender, webSocketRoutes, workerFunctions } from '../../shared/routes.js';
import { buildTestApp, openAiConfig, templateOf } from './app-fixture.js';

describe('RealtimeStack', () => {
  const template = templateOf(buildTestApp().stacks.realtime);
  const functions = template.findResources('AWS::Lambda::Function');
  const functionIds = (name: string) => Object.keys(functions).filter((id) => id.startsWith(`${name}Function`));

  it('serves the WebSocket API on an auto-deployed prod stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod', AutoDeploy: true });
  });

  it('routes $connect, $disconnect and $default, each to its own function', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey as string,
    );
    expect(routeKeys.sort()).toEqual(['$connect', '$default', '$disconnect']);
    expect(routeKeys.sort()).toEqual(webSocketRoutes.map((route) => route.routeKey).sort());
    for (const route of webSocketRoutes) expect(functionIds(route.name)).toHaveLength(1);
  });

  const pushingConsumers = streamConsumers.filter((consumer) => !('sendsWebhooks' in consumer) && !('sendsMail' in consumer) && !('deletesFiles' in consumer));

  it.each([...webSocketRoutes, ...workerFunctions, ...pushingConsumers])('lets $name push to connections', ({ name }) => {
    const properties = functions[functionIds(name)[0] ?? '']?.Properties;
    expect(properties?.Environment.Variables.WEBSOCKET_ENDPOINT).toEqual({
      'Fn::Join': [
        '',
        ['https://', { Ref: expect.stringMatching(/^WebSocketApi/) }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/prod'],
      ],
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: properties?.Role['Fn::GetAtt'][0] }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'execute-api:ManageConnections' })]),
      },
    });
  });

  it.each(streamConsumers)('feeds the table stream to $name', (consumer) => {
    const [functionId] = functionIds(consumer.name);
    // The file cleanup keeps trying for the stream's day: a record it skipped would leave files for good.
    const retries = 'deletesFiles' in consumer ? { MaximumRetryAttempts: 1000, MaximumRecordAgeInSeconds: 24 * 3600 } : { MaximumRetryAttempts: 3, MaximumRecordAgeInSeconds: 300 };
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId },
      EventSourceArn: Match.anyValue(),
      StartingPosition: 'LATEST',
      BatchSize: 100,
      ...retries,
      BisectBatchOnFunctionError: true,
    });
  });

  const queueIds = Object.keys(template.findResources('AWS::SQS::Queue'));
  const queueId = (prefix: string) => queueIds.find((id) => id.startsWith(prefix)) ?? '';

  it.each(streamConsumers)('sends the batches $name failed on every try to the dead-letter queue', ({ name }) => {
    const fanoutQueueId = queueId('FailedFanout');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionIds(name)[0] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [fanoutQueueId, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });

  it('lets only $default and the stream consumers (they check workspace memberships) ask the user pool, and only whether a user has two-factor sign-in', () => {
    const statements = Object.entries(template.findResources('AWS::IAM::Policy')).flatMap(([logicalId, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')),
      ).map((statement) => ({ logicalId, actions: [statement.Action].flat() })),
    );
    expect(statements.map((statement) => statement.actions)).toEqual(statements.map(() => ['cognito-idp:AdminGetUser']));
    expect(statements.map((statement) => statement.logicalId.replace(/RoleDefaultPolicy.*$/, '')).sort()).toEqual(['ActivityIndexer', 'RealtimeFanout', 'WsDefault']);
  });

  /** Every action the function's role policies allow, with its resources. */
  const grantsOf = (name: string) => {
    const roleId = functions[functionIds(name)[0] ?? '']?.Properties.Role['Fn::GetAtt'][0];
    return Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
      .flatMap((statement) => [statement.Action].flat().map((action) => ({ action, resource: JSON.stringify(statement.Resource) })));
  };
  const sqsGrants = (name: string) => grantsOf(name).filter((grant) => grant.action.startsWith('sqs:'));

  it('gives the notice mailer mail, the unsubscribe-link key and the table only: no pushes, no user pool, no queue', () => {
    const properties = functions[functionIds('NoticeMailer')[0] ?? '']?.Properties;
    expect(properties?.Environment.Variables.WEBSOCKET_ENDPOINT).toBeUndefined();
    expect(properties?.Environment.Variables.MAIL_LINK_SECRET_ID).toEqual(expect.anything());
    const actions = grantsOf('NoticeMailer').map((grant) => grant.action);
    expect(actions.filter((action) => /^(execute-api|cognito-idp):/.test(action))).toEqual([]);
    expect(actions).toContain('ses:SendEmail');
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(sqsGrants('NoticeMailer').map((grant) => grant.action).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
  });

  it('gives the webhook dispatcher reading the table and sending to the delivery queue only: no item writes, no pushes, no user pool, no mail', () => {
    const properties = functions[functionIds('WebhookDispatcher')[0] ?? '']?.Properties;
    expect(properties?.Environment.Variables.WEBSOCKET_ENDPOINT).toBeUndefined();
    expect(properties?.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: queueId('WebhookDeliveries') });
    const actions = grantsOf('WebhookDispatcher').map((grant) => grant.action);
    // It reads endpoints and workspaces and the stream; it writes no item.
    const itemActions = actions.filter((action) => action.startsWith('dynamodb:') && !/Stream|GetRecords|GetShardIterator/.test(action));
    expect(itemActions.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
    expect(actions.filter((action) => /^(execute-api|cognito-idp|ses):/.test(action))).toEqual([]);
    // Sending to the delivery queue, and (as every stream consumer) to the fan-out's dead-letter queue on failure.
    const sent = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];
    const actionsOn = (prefix: string) =>
      sqsGrants('WebhookDispatcher')
        .filter((grant) => grant.resource.includes(`"${queueId(prefix)}"`))
        .map((grant) => grant.action)
        .sort();
    expect(actionsOn('WebhookDeliveries')).toEqual(sent);
    expect(actionsOn('FailedFanout')).toEqual(sent);
    expect(sqsGrants('WebhookDispatcher').every((grant) => grant.resource.includes(queueId('WebhookDeliveries')) || grant.resource.includes(queueId('FailedFanout')))).toBe(true);
  });

  it('keeps webhook deliveries in an encrypted queue whose spent messages go to a dead-letter queue kept 14 days', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: webhookSender.timeoutSeconds * 6,
      MessageRetentionPeriod: 2 * 24 * 3600,
      MaximumMessageSize: 1024 * 1024,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId('FailedWebhookDeliveries'), 'Arn'] }, maxReceiveCount: webhookSender.maxReceiveCount },
    });
    expect(queueId('WebhookDeliveries')).not.toBe('');
    const deadLetters = template.findResources('AWS::SQS::Queue')[queueId('FailedWebhookDeliveries')];
    expect(deadLetters?.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, MaximumMessageSize: 1024 * 1024, SqsManagedSseEnabled: true });
  });

  it('feeds the delivery queue to the webhook sender in batches, reporting partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionIds(webhookSender.name)[0] },
      EventSourceArn: { 'Fn::GetAtt': [queueId('WebhookDeliveries'), 'Arn'] },
      BatchSize: webhookSender.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const properties = functions[functionIds(webhookSender.name)[0] ?? '']?.Properties;
    expect(properties?.Timeout).toBe(webhookSender.timeoutSeconds);
  });

  it('caps the webhook sender\'s concurrent runs, so a burst of deliveries leaves the API its concurrency', () => {
    expect(webhookSender.maxConcurrency).toBeLessThanOrEqual(10);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId('WebhookDeliveries'), 'Arn'] },
      ScalingConfig: { MaximumConcurrency: webhookSender.maxConcurrency },
    });
  });

  it('gives the webhook sender its queue, not the dead-letter queue (only the redrive puts messages there)', () => {
    const properties = functions[functionIds(webhookSender.name)[0] ?? '']?.Properties;
    expect(properties?.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: queueId('WebhookDeliveries') });
    expect(JSON.stringify(properties?.Environment.Variables)).not.toContain(queueId('FailedWebhookDeliveries'));
  });

  it('lets the webhook sender consume its queue, and nothing more of SQS', () => {
    const byQueue = (prefix: string) =>
      sqsGrants(webhookSender.name)
        .filter((grant) => grant.resource === JSON.stringify({ 'Fn::GetAtt': [queueId(prefix), 'Arn'] }))
        .map((grant) => grant.action)
        .sort();
    expect(byQueue('WebhookDeliveries')).toEqual(['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage']);
    expect(sqsGrants(webhookSender.name)).toHaveLength(5);
    expect(grantsOf(webhookSender.name).filter((grant) => /^(execute-api|cognito-idp):/.test(grant.action))).toEqual([]);
  });

  it('has one event source mapping per stream consumer, and the webhook queue\'s', () => {
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', streamConsumers.length + 1);
  });

  it('lets $default start the chat worker, which runs up to its timeout and may call only the configured Bedrock model', () => {
    const [worker] = workerFunctions;
    const workerId = functionIds(worker.name)[0] ?? '';
    expect(functions[workerId]?.Properties.Timeout).toBe(worker.timeoutSeconds);
    // Never run twice (its tool calls write), nor long after it was asked for.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: workerId },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 120,
    });
    const defaultFunction = functions[functionIds('WsDefault')[0] ?? '']?.Properties;
    expect(defaultFunction?.Environment.Variables.CHAT_WORKER_FUNCTION).toEqual({ Ref: workerId });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: defaultFunction?.Role['Fn::GetAtt'][0] }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'lambda:InvokeFunction' })]) },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: functions[workerId]?.Properties.Role['Fn::GetAtt'][0] }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
            Resource: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('foundation-model/anthropic')])] },
          }),
        ]),
      },
    });
  });

  it("gives the chat worker of an OpenAI-compatible endpoint its key's secret name, never the key, and read access to that secret only", () => {
    const withOpenAi = templateOf(buildTestApp(openAiConfig).stacks.realtime);
    const [worker] = workerFunctions;
    const [workerId, workerFunction] = Object.entries(withOpenAi.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(`${worker.name}Function`)) ?? [];
    const variables = workerFunction?.Properties.Environment.Variables as Record<string, unknown>;
    expect(variables).not.toHaveProperty('OPENAI_API_KEY');
    expect(variables).toMatchObject({ OPENAI_BASE_URL: 'https://llm.example.com/v1', OPENAI_API_KEY_SECRET_NAME: 'taskflow/openai-api-key' });
    expect(workerId).toBeDefined();
    const secretStatements = Object.values(withOpenAi.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')))
        // The notice mailer's read of the mail-link key aside (least-privilege.test.ts).
        .filter((statement) => !JSON.stringify(statement.Resource).includes('MailLinkSecret'))
        .map((statement) => ({ roles: policy.Properties.Roles as unknown, ...statement })),
    );
    expect(secretStatements).toEqual([
      {
        roles: [{ Ref: workerFunction?.Properties.Role['Fn::GetAtt'][0] }],
        Effect: 'Allow',
        Action: 'secretsmanager:GetSecretValue',
        Resource: {
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':secretsmanager:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':secret:taskflow/openai-api-key-??????']],
        },
      },
    ]);
  });
});
