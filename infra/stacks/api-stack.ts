import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  type CfnStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { httpApiCors, httpRoutes, type AuthRule } from '../../shared/routes.js';
import { GoogleAccess } from '../constructs/google-access.js';
import { grantSendMail } from '../constructs/send-mail.js';
import { AppFunction, type AppFunctionContext } from '../constructs/app-function.js';
import { httpThrottleFor, httpThrottles } from '../throttling.js';

/**
 * The HTTP API's one stage, named as the path the site serves it under (https://<site>/api/…): CloudFront
 * forwards /api/workspaces unchanged, and API Gateway takes a named stage's name off the path before it
 * matches routes, so the routes (/workspaces) match with no rewriting at the edge.
 */
export const HTTP_STAGE_NAME = 'api';

export interface ApiStackProps extends StackProps {
  readonly functionContext: AppFunctionContext;
}

/** The HTTP API: one route and one function per entry of the shared route table. */
export class ApiStack extends Stack {
  public readonly api: HttpApi;
  public readonly stage: HttpStage;
  public readonly functions: AppFunction[] = [];

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

    const authorizers: Record<AuthRule, IHttpRouteAuthorizer> = {
      user: new HttpJwtAuthorizer('CognitoAuthorizer', auth.issuer, { jwtAudience: [auth.audience] }),
      public: new HttpNoneAuthorizer(),
    };

    // Without the Google settings the Google routes answer 503 'not configured'; everything else works.
    const googleAccess = config.google && config.webUrl ? new GoogleAccess(this, 'Google', config.google, config.webUrl) : undefined;

    // Writes and mail-sending routes get tighter limits than the stage's default, route by route.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of httpRoutes) {
      const appFunction = new AppFunction(this, route.name, {
        ...props.functionContext,
        handler: route.handler,
        dataAccess: route.dataAccess,
        environment: route.sendsMail && config.webUrl ? { WEB_URL: config.webUrl } : {},
      });
      this.functions.push(appFunction);
      if (route.sendsMail && config.mail) grantSendMail(appFunction, config.mail);
      if (route.usesGoogle) googleAccess?.grantTo(appFunction, route.usesGoogle);
      const routes = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}Integration`, appFunction.function),
        authorizer: authorizers[route.auth],
      });
      const throttle = httpThrottleFor(route);
      if (throttle !== httpThrottles.read) {
        routeSettings[`${route.method} ${route.path}`] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        // A stage's route settings may name only routes that exist already.
        routes.forEach((created) => this.stage.node.addDependency(created));
      }
      if (route.auth === 'public') {
        const reason = `${route.method} ${route.path} is marked auth 'public' in shared/routes.ts and needs no signed-in user.`;
        for (const publicRoute of routes) {
          Validations.of(publicRoute).acknowledge(
            { id: 'AwsSolutions-APIG4', reason },
            { id: 'cdk-validator-cfnguard::api_gw_v2_authorization_type_configured_check', reason },
          );
        }
      }
    }

    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    Validations.of(this.api).acknowledge({
      id: 'cdk-validator-cfnguard::lambda_function_public_access_prohibited_check',
      reason:
        "Each route's permission lets only apigateway.amazonaws.com invoke its function, with a SourceArn of this API's " +
        'own execute-api ARN (a Fn::Join the rule does not read as a reference); no function is public.',
    });

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }
}
