import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/data/table-definition.js';
import type { DataAccess } from '../../shared/routes.js';
import { abuseLimitEnvironment } from '../abuse-limits.js';
import type { AppConfig } from '../config.js';
import { functionCode, LAMBDA_RUNTIME } from './bundling.js';

/** What every function of the app is wired to, whichever stack it lives in. */
export interface AppFunctionContext {
  readonly config: AppConfig;
  readonly table: ITable;
  /**
   * The Cognito issuer (`https://cognito-idp.<region>.amazonaws.com/<pool>`), app client id, and the pool's
   * ARN (for the grants of infra/constructs/user-pool-access.ts).
   */
  readonly auth: { readonly issuer: string; readonly audience: string; readonly userPoolArn: string };
  /** The key of mails' unsubscribe links, for the functions granted it (infra/constructs/send-mail.ts). */
  readonly mailLinkSecret: ISecret;
}

export interface AppFunctionProps extends AppFunctionContext {
  /** Module path from the repository root without extension, as in shared/routes.ts; it exports `handler`. */
  readonly handler: string;
  /** The table access its entry in shared/routes.ts declares; the role gets exactly these actions. */
  readonly dataAccess: DataAccess;
  /** Variables only some functions need, e.g. WEBSOCKET_ENDPOINT. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Functions no integration waits for (workers) may run longer than the 29 s default. */
  readonly timeout?: Duration;
  /** Executions kept for this function and never exceeded by it (infra/throttling.ts says which and why). */
  readonly reservedConcurrency?: number;
  /** For asynchronously invoked functions: where an event goes once every retry has failed. */
  readonly deadLetterQueue?: IQueue;
  /**
   * For asynchronously invoked functions: how many times Lambda runs an event again after the function
   * failed (threw or timed out), and how long an event may wait for it.
   */
  readonly asyncRetries?: { readonly attempts: number; readonly maxEventAge: Duration };
}

/**
 * One Lambda function with the app's defaults: its own role and log group, ESM bundle built by local
 * esbuild (infra/constructs/bundling.ts), X-Ray tracing, and the table access its route declares (nothing more).
 */
export class AppFunction extends Construct {
  public readonly function: LambdaFunction;
  public readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config, table, auth } = props;

    // An explicit role instead of the default one: it writes only to its own log group rather than
    // carrying the AWS managed AWSLambdaBasicExecutionRole (writes to every log group in the account).
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.role = role;
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      code: functionCode(props.handler),
      handler: 'index.handler',
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      // API Gateway gives up on an integration after 29 s; no function should outlive its caller.
      timeout: props.timeout ?? Duration.seconds(29),
      reservedConcurrentExecutions: props.reservedConcurrency,
      deadLetterQueue: props.deadLetterQueue,
      retryAttempts: props.asyncRetries?.attempts,
      maxEventAge: props.asyncRetries?.maxEventAge,
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      environment: {
        // Every function, even one without data access: the shared route wrapper loads the table client (the
        // idempotency store, the API token check), which reads the name at load. Access is the grant's, below.
        TABLE_NAME: table.tableName,
        POWERTOOLS_SERVICE_NAME: config.appName,
        // Custom metrics (functions/lib/metrics.ts) go to one namespace per deployment.
        POWERTOOLS_METRICS_NAMESPACE: config.appName,
        AUTH_ISSUER: auth.issuer,
        AUTH_AUDIENCE: auth.audience,
        NODE_OPTIONS: '--enable-source-maps',
        // The abuse limits this handler enforces, as configured (infra/abuse-limits.ts).
        ...abuseLimitEnvironment(props.handler, config.abuseLimits),
        ...props.environment,
      },
    });

    if (props.dataAccess !== 'none') grantTableData(table, role, props.dataAccess);

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions.',
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: `Pinned to ${LAMBDA_RUNTIME.name}, an LTS runtime matching the bundle target; moving to a newer runtime is a deliberate upgrade.`,
    });
  }
}

/**
 * The item actions of each access level. No function scans or describes the table (the migration CLI
 * runs with the operator's credentials); TransactWriteItems and TransactGetItems are authorized by the
 * per-item actions they contain, hence ConditionCheckItem.
 */
export const tableActions: Readonly<Record<Exclude<DataAccess, 'none'>, readonly string[]>> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
};

/**
 * The level's item actions on the table and, by name, on each of its indexes. Table.grantReadData would
 * add Scan and DescribeTable and grant `<table>/index/*`; naming actions and indexes keeps the policy
 * free of both.
 */
function grantTableData(table: ITable, grantee: IGrantable, level: Exclude<DataAccess, 'none'>): void {
  Grant.addToPrincipal({
    grantee,
    actions: [...tableActions[level]],
    resourceArns: [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ],
  });
}

/**
 * What checking a personal API token writes, for a function that otherwise only reads: the token's last use and
 * its per-minute request counter (functions/data/api-tokens.ts, quota.ts). UpdateItem only, and only on items
 * whose partition key is one of theirs.
 */
export function grantApiTokenBookkeeping(appFunction: AppFunction, table: ITable): void {
  appFunction.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APITOKEN#*', 'APITOKENRATE#*'] } },
    }),
  );
}
