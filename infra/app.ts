import type { App } from 'aws-cdk-lib';
import type { AppConfig } from './config.js';
import type { AppFunctionContext } from './constructs/app-function.js';
import { ApiStack } from './stacks/api-stack.js';
import { AuthStack } from './stacks/auth-stack.js';
import { DataStack } from './stacks/data-stack.js';
import { EdgeStack } from './stacks/edge-stack.js';
import { MailStack } from './stacks/mail-stack.js';
import { ObservabilityStack } from './stacks/observability-stack.js';
import { RealtimeStack } from './stacks/realtime-stack.js';
import { ScheduleStack } from './stacks/schedule-stack.js';
import { WebStack } from './stacks/web-stack.js';

export interface AppStacks {
  readonly auth: AuthStack;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly schedule: ScheduleStack;
  readonly web: WebStack;
  /** The distribution's web ACL, in us-east-1. */
  readonly edge: EdgeStack;
  readonly observability: ObservabilityStack;
  /** Only when a mail sender is configured. */
  readonly mail: MailStack | undefined;
}

/**
 * All stacks of the app, named `<appName>-<part>`. References only flow downstream
 * (auth, data → api, realtime, schedule → web, observability; edge → web), so no two stacks depend on each other.
 *
 * The stacks are environment-agnostic: they deploy to the account and region of the AWS credentials in
 * use, and synth needs no credentials at all. The exception is `edge`, which CloudFront's web ACL pins to
 * us-east-1 (see EdgeStack).
 */
export function buildApp(app: App, config: AppConfig): AppStacks {
  const stackName = (part: string) => `${config.appName}-${part}`;

  const auth = new AuthStack(app, stackName('auth'), { config });
  const data = new DataStack(app, stackName('data'), { appName: config.appName, webUrl: config.webUrl });
  const functionContext: AppFunctionContext = {
    config,
    table: data.table,
    auth: { issuer: auth.issuer, audience: auth.userPoolClient.userPoolClientId, userPoolArn: auth.userPool.userPoolArn },
    mailLinkSecret: data.mailLinkSecret,
  };

  const api = new ApiStack(app, stackName('api'), { functionContext });
  const realtime = new RealtimeStack(app, stackName('realtime'), { functionContext });
  const schedule = new ScheduleStack(app, stackName('schedule'), { functionContext });

  const edge = new EdgeStack(app, stackName('edge'), { config });
  const web = new WebStack(app, stackName('web'), {
    config,
    apiEndpoint: api.api.apiEndpoint,
    originVerifySecret: api.originVerifySecret,
    webSocketUrl: realtime.stage.url,
    webSocketOrigin: realtime.api.apiEndpoint,
    webAclArn: edge.webAclArnAnywhere,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
  });

  // A reference by Fn::GetStackOutput is no CDK reference, so the deploy order is stated.
  web.addDependency(edge, 'the distribution is attached to the web ACL');

  const observability = new ObservabilityStack(app, stackName('observability'), {
    config,
    functions: [...api.functions, ...realtime.functions, ...schedule.functions],
    httpStage: api.stage,
    webSocketStage: realtime.stage,
    table: data.table,
    deadLetterQueues: { FailedFanout: realtime.deadLetterQueue, FailedScheduledRuns: schedule.deadLetterQueue, FailedWebhookDeliveries: realtime.webhookDeadLetterQueue },
  });

  const mail = config.mail
    ? new MailStack(app, stackName('mail'), { sender: config.mail.sender, domain: config.mail.domain })
    : undefined;

  return { auth, data, api, realtime, schedule, edge, web, observability, mail };
}
