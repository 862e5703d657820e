import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { scheduledJobs } from '../../shared/routes.js';
import { AppFunction, type AppFunctionContext } from '../constructs/app-function.js';
import { grantMailLinks, grantSendMail } from '../constructs/send-mail.js';
import { DeadLetterQueue } from '../constructs/dead-letter-queue.js';
import { reservedConcurrency } from '../throttling.js';

export interface ScheduleStackProps extends StackProps {
  readonly functionContext: AppFunctionContext;
}

/**
 * One EventBridge rule and function per scheduled job of the shared route table. Two layers of retries:
 * EventBridge's, when it cannot invoke the function at all, and Lambda's, when the function fails — a job
 * fails its run when it left work undone (functions/schedule/incomplete-run.ts), so that the undone part
 * is tried again. Both end in the dead-letter queue.
 */
export class ScheduleStack extends Stack {
  public readonly functions: AppFunction[] = [];
  /** Runs that failed every retry, whether the function threw or EventBridge could not invoke it. */
  public readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ScheduleStackProps) {
    super(scope, id, props);
    this.deadLetterQueue = new DeadLetterQueue(this, 'FailedRuns').queue;

    for (const job of scheduledJobs) {
      const { config } = props.functionContext;
      const appFunction = new AppFunction(this, job.name, {
        ...props.functionContext,
        handler: job.handler,
        dataAccess: job.dataAccess,
        timeout: Duration.seconds(job.timeoutSeconds),
        reservedConcurrency: reservedConcurrency.scheduledJob,
        deadLetterQueue: this.deadLetterQueue,
        // Lambda's own retries of a failed run (1 and then 2 minutes later); the weekly plan's lease on a
        // workspace (functions/data/plan-runs.ts) ends before the last of them.
        asyncRetries: { attempts: 2, maxEventAge: Duration.hours(1) },
        environment: job.sendsMail && config.webUrl ? { WEB_URL: config.webUrl } : {},
      });
      if (job.sendsMail && config.mail) grantSendMail(appFunction, config.mail);
      if (job.usesMailLinks) grantMailLinks(appFunction, props.functionContext.mailLinkSecret);
      new Rule(this, `${job.name}Schedule`, {
        description: `Scheduled run of ${job.handler}`,
        schedule: Schedule.cron({ ...job.cron }),
        targets: [
          new LambdaFunction(appFunction.function, { retryAttempts: 2, maxEventAge: Duration.hours(1), deadLetterQueue: this.deadLetterQueue }),
        ],
      });
      this.functions.push(appFunction);
    }
  }
}
