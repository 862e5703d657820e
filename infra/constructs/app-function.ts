import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Architecture, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/data/table-definition.js';
import type { AppConfig } from '../config.js';
import { repoRoot } from '../paths.js';
import { LAMBDA_RUNTIME, lambdaBundling } from './bundling.js';

/** What every function of the app is wired to, whichever stack it lives in. */
export interface AppFunctionContext {
  readonly config: AppConfig;
  readonly table: ITable;
  /** The Cognito issuer (`https://cognito-idp.<region>.amazonaws.com/<pool>`) and app client id. */
  readonly auth: { readonly issuer: string; readonly audience: string };
}

export interface AppFunctionProps extends AppFunctionContext {
  /** Module path from the repository root without extension, as in shared/routes.ts; it exports `handler`. */
  readonly handler: string;
  /** Variables only some functions need, e.g. WEBSOCKET_ENDPOINT. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Functions no integration waits for (workers) may run longer than the 29 s default. */
  readonly timeout?: Duration;
}

/**
 * One Lambda function with the app's defaults: its own role and log group, ESM bundle built by local
 * esbuild, X-Ray tracing, and read/write access to the table.
 */
export class AppFunction extends Construct {
  public readonly function: NodejsFunction;
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

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(repoRoot, `${props.handler}.ts`),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      // API Gateway gives up on an integration after 29 s; no function should outlive its caller.
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      environment: {
        TABLE_NAME: table.tableName,
        POWERTOOLS_SERVICE_NAME: config.appName,
        AUTH_ISSUER: auth.issuer,
        AUTH_AUDIENCE: auth.audience,
        BEDROCK_MODEL_ID: config.bedrockModelId,
        ...(config.mail ? { MAIL_SENDER: config.mail.sender } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: lambdaBundling,
    });

    grantTableData(table, role);

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
 * Item-level read/write on the table and, by name, on each of its indexes. Table.grantReadWriteData
 * would grant `<table>/index/*`; naming the indexes keeps the policy free of wildcards.
 */
function grantTableData(table: ITable, grantee: IGrantable): void {
  Grant.addToPrincipal({
    grantee,
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:Scan',
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DescribeTable',
    ],
    resourceArns: [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ],
  });
}
