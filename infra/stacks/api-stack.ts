import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnRoute,
  CorsHttpMethod,
  HttpApi,
  AuthorizerPayloadVersion,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpIntegration,
  HttpIntegrationType,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type CfnStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Policy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_VARIABLE } from '../../functions/lib/origin-verify.js';
import { exportWorker, httpApiCors, httpAuthorizer, httpRoutes, importWorker, type HttpRoute, type WorkerFunction } from '../../shared/routes.js';
import { GoogleAccess } from '../constructs/google-access.js';
import { grantFileAccess } from '../constructs/file-access.js';
import { grantMailLinks, grantSendMail } from '../constructs/send-mail.js';
import { grantUserPoolAccess } from '../constructs/user-pool-access.js';
import { AppFunction, grantApiTokenBookkeeping, type AppFunctionContext } from '../constructs/app-function.js';
import { httpThrottleFor, httpThrottles } from '../throttling.js';

/**
 * The HTTP API's one stage, named as the path the site serves it under (https://<site>/api/…): CloudFront
 * forwards /api/workspaces unchanged, and API Gateway takes a named stage's name off the path before it
 * matches routes, so the routes (/workspaces) match with no rewriting at the edge.
 */
export const HTTP_STAGE_NAME = 'api';

/** How long API Gateway keeps the authorizer's answer for one Authorization header. */
export const AUTHORIZER_CACHE_SECONDS = 60;

export interface ApiStackProps extends StackProps {
  readonly functionContext: AppFunctionContext;
}

/**
 * The nested stack a route's function, role, policy, log group, permission and integration live in: one per
 * handler folder (functions/http/<folder>), named after it. A route takes seven resources, and CloudFormation
 * allows 500 per template: with all of them in this stack, 66 routes had taken 468, and the next features
 * (comments, tokens, webhooks, import) could not have landed. Only the route itself stays here.
 */
export function routeGroupOf(route: Pick<HttpRoute, 'handler'>): string {
  const folder = route.handler.split('/')[2] ?? 'root';
  return `${folder.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}Routes`;
}

/**
 * The HTTP API: one route and one function per entry of the shared route table. Its execute-api address
 * answers only requests that come through the site's CloudFront distribution (and so its web ACL): the
 * distribution sends the origin secret in `x-origin-verify`, and every route refuses a request without it
 * (functions/lib/origin-verify.ts).
 */
export class ApiStack extends Stack {
  public readonly api: HttpApi;
  public readonly stage: HttpStage;
  public readonly functions: AppFunction[] = [];
  /** The value CloudFront's API origin sends in `x-origin-verify` (web stack); generated at the first deploy. */
  public readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, auth } = props.functionContext;

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: `${config.appName}-api`,
      // Created below, to give it access logs.
      createDefaultStage: false,
      // Any origin: callers authenticate with a bearer token, never a cookie, so CORS guards nothing here,
      // and pinning the CloudFront domain would make this stack depend on the web stack. The settings are
      // shared with the local gateway.
      corsPreflight: {
        allowOrigins: [...httpApiCors.allowOrigins],
        allowHeaders: [...httpApiCors.allowHeaders],
        exposeHeaders: [...httpApiCors.exposeHeaders],
        allowMethods: httpApiCors.allowMethods.map((method) => CorsHttpMethod[method]),
        maxAge: Duration.seconds(httpApiCors.maxAgeSeconds),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: HTTP_STAGE_NAME,
      autoDeploy: true,
      throttle: httpThrottles.read,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    // Generated by Secrets Manager at the first deploy, so it is in no code, setting or template: the template
    // holds only a dynamic reference, which CloudFormation resolves into the functions' environment and the
    // distribution's origin header (docs/security.md says where the value is visible, and why that is acceptable).
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `${config.appName}: the value CloudFront sends the HTTP API in x-origin-verify; the API refuses requests without it`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    const notRotated =
      'The secret only proves a request came through CloudFront (it opens no data: every route still checks the caller); ' +
      'it is not rotated, since a new value must reach the distribution and every function together, which takes a deploy.';
    Validations.of(this.originVerifySecret).acknowledge({ id: 'AwsSolutions-SMG4', reason: notRotated });
    const originVerifyValue = this.originVerifySecret.secretValue.unsafeUnwrap();

    // One authorizer for Cognito ID tokens and personal API tokens (functions/auth/http-authorizer.ts). Its
    // answers are cached a minute per Authorization header; the route wrapper checks a token again on every
    // call, so a revoked one stops at once.
    const authorizerFunction = new AppFunction(this, httpAuthorizer.name, { ...props.functionContext, handler: httpAuthorizer.handler, dataAccess: httpAuthorizer.dataAccess });
    grantApiTokenBookkeeping(authorizerFunction, props.functionContext.table);
    this.functions.push(authorizerFunction);
    const requestAuthorizer = new HttpAuthorizer(this.api, 'RequestAuthorizer', {
      httpApi: this.api,
      authorizerName: 'RequestAuthorizer',
      type: HttpAuthorizerType.LAMBDA,
      identitySource: ['$request.header.Authorization'],
      authorizerUri: `arn:${this.partition}:apigateway:${this.region}:lambda:path/2015-03-31/functions/${authorizerFunction.function.functionArn}/invocations`,
      payloadFormatVersion: AuthorizerPayloadVersion.VERSION_2_0,
      enableSimpleResponses: true,
      resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_SECONDS),
    });
    authorizerFunction.function.addPermission('AuthorizerInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `authorizers/${requestAuthorizer.authorizerId}` }),
    });

    // Without the Google settings the Google routes answer 503 'not configured'; everything else works.
    const googleAccess = config.google && config.webUrl ? new GoogleAccess(this, 'Google', config.google, config.webUrl) : undefined;

    const groups = new Map<string, NestedStack>();
    const groupFor = (route: HttpRoute): NestedStack => {
      const name = routeGroupOf(route);
      let group = groups.get(name);
      if (!group) {
        group = new NestedStack(this, name, { description: `${config.appName}: the HTTP API's ${name.replace(/Routes$/, '')} routes` });
        Validations.of(group).acknowledge({
          id: 'cdk-validator-cfnguard::lambda_function_public_access_prohibited_check',
          reason:
            "Each route's permission lets only apigateway.amazonaws.com invoke its function, with a SourceArn of this API's " +
            'own execute-api ARN (a Fn::Join the rule does not read as a reference); no function is public.',
        });
        groups.set(name, group);
      }
      return group;
    };

    // The export and import workers (issue 39), each beside the first route that starts it (one nested stack).
    // A job runs once (a failure marks it failed, and the person asks again), within its event age or not at all.
    const workersMade = new Map<string, AppFunction>();
    const asyncWorkerIn = (spec: WorkerFunction, group: NestedStack, environment: Record<string, string>, grant: (worker: AppFunction) => void): AppFunction => {
      const made = workersMade.get(spec.name);
      if (made) return made;
      const worker = new AppFunction(group, spec.name, {
        ...props.functionContext,
        handler: spec.handler,
        dataAccess: spec.dataAccess,
        timeout: Duration.seconds(spec.timeoutSeconds),
        environment,
      });
      worker.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.seconds(spec.maxEventAgeSeconds) });
      grant(worker);
      this.functions.push(worker);
      workersMade.set(spec.name, worker);
      return worker;
    };
    // The export worker reads what it exports, writes the files under exports/ only, marks the job and mails the requester.
    const exportWorkerIn = (group: NestedStack): AppFunction =>
      asyncWorkerIn(exportWorker, group, config.webUrl ? { WEB_URL: config.webUrl } : {}, (worker) => {
        if (config.mail) grantSendMail(worker, config.mail);
        grantFileAccess(worker, config.appName, 'write-exports');
      });
    // The import worker reads the file under imports/ only, writes what it holds and starts itself again with
    // a cursor before its time runs out: lambda:InvokeFunction on itself, in a policy of its own (the
    // function's default policy, which the function waits for, cannot name the function's own ARN: a cycle).
    const importWorkerIn = (group: NestedStack): AppFunction =>
      asyncWorkerIn(importWorker, group, {}, (worker) => {
        grantFileAccess(worker, config.appName, 'read-imports');
        new Policy(worker, 'InvokesItself', {
          roles: [worker.role],
          statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.function.functionArn] })],
        });
      });
    /** Gives the route its worker's name and the right to start it (the function itself, not its versions: grantInvoke's `:*`). */
    const startsWorker = (appFunction: AppFunction, worker: AppFunction, variable: string): void => {
      appFunction.function.addEnvironment(variable, worker.function.functionName);
      appFunction.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.function.functionArn] }));
    };

    // Writes and mail-sending routes get tighter limits than the stage's default, route by route.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of httpRoutes) {
      const group = groupFor(route);
      const appFunction = new AppFunction(group, route.name, {
        ...props.functionContext,
        handler: route.handler,
        dataAccess: route.dataAccess,
        environment: {
          [ORIGIN_VERIFY_VARIABLE]: originVerifyValue,
          ...(route.sendsMail && config.webUrl ? { WEB_URL: config.webUrl } : {}),
        },
      });
      this.functions.push(appFunction);
      if (route.sendsMail && config.mail) grantSendMail(appFunction, config.mail);
      if (route.usesMailLinks) grantMailLinks(appFunction, props.functionContext.mailLinkSecret);
      if (route.usesGoogle) googleAccess?.grantTo(appFunction, route.usesGoogle);
      if (route.fileAccess) grantFileAccess(appFunction, config.appName, route.fileAccess);
      if (route.startsExports) startsWorker(appFunction, exportWorkerIn(group), 'EXPORT_WORKER_FUNCTION');
      if (route.startsImports) startsWorker(appFunction, importWorkerIn(group), 'IMPORT_WORKER_FUNCTION');
      // Any signed-in route may check a workspace membership, and with it the workspace's two-factor rule.
      if (route.auth === 'user') grantUserPoolAccess(appFunction, auth.userPoolArn, 'two-factor');
      if (route.checksSignIn) grantUserPoolAccess(appFunction, auth.userPoolArn, 'sign-in');
      // A route that reads only still records a token's use and counts its requests.
      if (route.auth === 'user' && !route.refusesApiTokens && route.dataAccess === 'read') grantApiTokenBookkeeping(appFunction, props.functionContext.table);
      const integration = new HttpIntegration(group, `${route.name}Integration`, {
        httpApi: this.api,
        integrationType: HttpIntegrationType.AWS_PROXY,
        integrationUri: appFunction.function.functionArn,
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      });
      appFunction.function.addPermission(`${route.name}Invoke`, {
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: group.formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `*/*${route.path}` }),
      });
      // The route stays in this stack, at the construct path `HttpApi.addRoutes` gave it: a deployment from
      // before the nested stacks updates each route in place (a new route with the same key would be refused).
      const httpRoute = new CfnRoute(new Construct(this.api, `${route.method}${route.path}`), 'Resource', {
        apiId: this.api.apiId,
        routeKey: `${route.method} ${route.path}`,
        target: `integrations/${integration.integrationId}`,
        ...(route.auth === 'user' ? { authorizationType: 'CUSTOM', authorizerId: requestAuthorizer.authorizerId } : { authorizationType: 'NONE' }),
      });
      const throttle = httpThrottleFor(route);
      if (throttle !== httpThrottles.read) {
        routeSettings[`${route.method} ${route.path}`] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        // A stage's route settings may name only routes that exist already.
        this.stage.node.addDependency(httpRoute);
      }
      if (route.auth === 'public') {
        const reason = `${route.method} ${route.path} is marked auth 'public' in shared/routes.ts and needs no signed-in user.`;
        Validations.of(httpRoute).acknowledge(
          { id: 'AwsSolutions-APIG4', reason },
          { id: 'cdk-validator-cfnguard::api_gw_v2_authorization_type_configured_check', reason },
        );
      }
    }

    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;

    new CfnOutput(this, 'ApiUrl', {
      description: "The API's own address; it refuses every request that does not come through the web stack's distribution (WebUrl/api)",
      value: this.stage.url,
    });
  }
}
