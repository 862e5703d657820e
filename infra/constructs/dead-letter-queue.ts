import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * Where work that failed every retry is kept for two weeks instead of vanishing: stream batches the fan-out
 * could not handle (their shard positions), scheduled runs that kept failing (their events) and webhook
 * deliveries whose attempts are spent (their messages). The
 * observability stack alarms as soon as one arrives; docs/operations.md says how to read and redrive it.
 */
export class DeadLetterQueue extends Construct {
  public readonly queue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      retentionPeriod: Duration.days(14),
      // SQS's largest: a webhook delivery (its body up to 256 KB, as a JSON string) must fit when moved here.
      maxMessageSizeBytes: MAX_MESSAGE_BYTES,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const reason = 'This queue is itself a dead-letter queue (stream fan-out, scheduled jobs, webhook deliveries); nothing consumes it but an operator.';
    Validations.of(this.queue).acknowledge({ id: 'AwsSolutions-SQS3', reason }, { id: 'cdk-validator-cfnguard::sqs_dlq_check', reason });
  }
}
