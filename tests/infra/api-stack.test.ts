import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/data/table-definition.js';
import { ORIGIN_VERIFY_VARIABLE } from '../../functions/lib/origin-verify.js';
import { exportWorker, httpAuthorizer, httpRoutes, importWorker } from '../../shared/routes.js';
import { routeGroupOf } from '../../infra/stacks/api-stack.js';
import { buildTestApp, resourceCountsOf, templateOf } from './app-fixture.js';

interface Resource {
  readonly Properties: Record<string, unknown>;
}

describe('ApiStack', () => {
  const template = templateOf(buildTestApp().stacks.api);
  const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const authorizerId = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'))[0];

  /** Route → integration → the logical id of the function it invokes. */
  function functionBehind(route: Resource): string {
    const target = route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
    const integration = integrations[target['Fn::Join'][1][1].Ref];
    const uri = integration?.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
    return uri['Fn::GetAtt'][0];
  }

  it("keeps every template well under CloudFormation's 500 resources: routes live in one nested stack per handler folder", () => {
    const counts = resourceCountsOf(buildTestApp().stacks.api);
    const groups = new Set(httpRoutes.map(routeGroupOf));
    expect(Object.keys(counts)).toHaveLength(groups.size + 1);
    for (const [stackPath, resources] of Object.entries(counts)) expect(resources, stackPath).toBeLessThanOrEqual(400);
    expect(routeGroupOf({ handler: 'functions/http/google-calendar/connect' })).toBe('GoogleCalendarRoutes');
  });

  it('has one function and one route per route table entry, the authorizer and the export and import workers', () => {
    template.resourceCountIs('AWS::Lambda::Function', httpRoutes.length + 3);
    expect(routes).toHaveLength(httpRoutes.length);
  });

  describe.each(httpRoutes)('$method $path', (route) => {
    const routeKey = `${route.method} ${route.path}`;
    const resource = routes.find((candidate) => candidate.Properties.RouteKey === routeKey);

    it('exists and invokes the function built for it', () => {
      expect(resource && functionBehind(resource)).toMatch(new RegExp(`^${route.name}Function`));
    });

    it(`is ${route.auth === 'user' ? 'behind the Lambda authorizer (Cognito ID tokens and API tokens)' : 'public'}`, () => {
      if (route.auth === 'user') {
        expect(resource?.Properties).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
      } else {
        expect(resource?.Properties).toMatchObject({ AuthorizationType: 'NONE' });
        expect(resource?.Properties.AuthorizerId).toBeUndefined();
      }
    });
  });

  it('authorizes with one Lambda REQUEST authorizer: simple responses, cached a minute per Authorization header', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 60,
      AuthorizerUri: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ 'Fn::GetAtt': [Match.stringLikeRegexp(`^${httpAuthorizer.name}Function`), 'Arn'] }])]) }),
    });
  });

  it("gives the authorizer the Cognito issuer and web client to verify ID tokens with, and lets only this API's authorizer invoke it", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          AUTH_ISSUER: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', Match.anyValue()]] },
          AUTH_AUDIENCE: Match.anyValue(),
        }),
      },
      Handler: 'index.handler',
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'apigateway.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${httpAuthorizer.name}Function`), 'Arn'] },
      SourceArn: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('/authorizers/')])]) }),
    });
  });

  it('allows the SPA to send Authorization and Content-Type from any origin', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowHeaders: Match.arrayWith(['authorization', 'content-type']),
        // The web app reads when a refused (429) call may be tried again.
        ExposeHeaders: ['retry-after'],
      }),
    });
  });

  it('serves one stage, named as the path CloudFront serves the API under (/api), with access logs', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'api',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] }, Format: Match.anyValue() },
    });
  });

  it('gives every function the shared defaults and environment (the export and import workers their own timeouts)', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
    for (const spec of [exportWorker, importWorker]) {
      const worker = functions.filter(([logicalId]) => logicalId.startsWith(`${spec.name}Function`));
      expect(worker.map(([, fn]) => fn.Properties.Timeout)).toEqual([spec.timeoutSeconds]);
    }
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: Match.anyValue(),
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: Match.anyValue() },
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'taskflow',
          POWERTOOLS_METRICS_NAMESPACE: 'taskflow',
          AUTH_ISSUER: Match.anyValue(),
          AUTH_AUDIENCE: Match.anyValue(),
        }),
      },
    });
  });

  it('generates the CloudFront origin secret at deploy and gives its value to every function, by a dynamic reference', () => {
    const secrets = template.findResources('AWS::SecretsManager::Secret');
    expect(Object.keys(secrets)).toHaveLength(1);
    const [[secretId, secret]] = Object.entries(secrets) as [[string, Resource]];
    // Made by Secrets Manager: no value is written in code, settings or the template.
    expect(secret.Properties.GenerateSecretString).toEqual({ ExcludePunctuation: true, IncludeSpace: false, PasswordLength: 64 });
    expect(secret.Properties.SecretString).toBeUndefined();
    // The authorizer answers API Gateway, and the workers their routes, not callers: they need no origin check.
    const routeFunctions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
      ([logicalId]) => ![httpAuthorizer.name, exportWorker.name, importWorker.name].some((name) => logicalId.startsWith(`${name}Function`)),
    );
    expect(routeFunctions).toHaveLength(httpRoutes.length);
    for (const [, routeFunction] of routeFunctions) {
      expect((routeFunction.Properties.Environment as { Variables: Record<string, unknown> }).Variables[ORIGIN_VERIFY_VARIABLE]).toEqual({
        'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
      });
    }
  });

  it('names the table to every function (the route wrapper loads the table client), and nothing else of the sort to those that need none', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
    for (const route of httpRoutes) {
      const variables = (functions.find(([id]) => id.startsWith(`${route.name}Function`))?.[1].Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables.TABLE_NAME, route.name).toBeDefined();
      // Only the chat worker calls a model; only the senders need the sender address.
      expect(variables.BEDROCK_MODEL_ID, route.name).toBeUndefined();
      expect(variables.MAIL_SENDER === undefined, route.name).toBe(route.sendsMail !== true);
    }
  });

  it('grants item access to the table and its named indexes, without wildcards', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']),
            Resource: Match.arrayWith(
              tableDefinition.globalSecondaryIndexes.map((index) => ({
                'Fn::Join': ['', [Match.anyValue(), `/index/${index.indexName}`]],
              })),
            ),
          }),
        ]),
      },
    });
  });

  it('lets signed-in routes ask the user pool about two-factor sign-in, and only CheckSignIn sign in on the side', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    const userPoolActionsOf = (routeName: string) =>
      policies
        // CDK drops a repeated word from logical ids: UpdateMemberRole's role policy is UpdateMemberRoleDefaultPolicy….
        .filter(([logicalId]) => new RegExp(`^${routeName}(Role)?DefaultPolicy[0-9A-F]{8}$`).test(logicalId))
        .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
        .flatMap((statement) => [statement.Action].flat())
        .filter((action) => action.startsWith('cognito-idp:'))
        .sort();
    for (const route of httpRoutes) {
      const expected = [
        ...(route.auth === 'user' ? ['cognito-idp:AdminGetUser'] : []),
        ...(route.name === 'CheckSignIn' ? ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge'] : []),
      ].sort();
      expect(userPoolActionsOf(route.name), route.name).toEqual(expected);
    }
  });
});
