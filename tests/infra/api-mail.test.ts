import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../shared/routes.js';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

interface Resource {
  readonly Properties: Record<string, unknown>;
}

interface Statement {
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/** Route name → the SES statements in its function role's policies. */
function sesStatementsByRoute(template: Template): Map<string, Statement[]> {
  const policies = Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
  return new Map(
    httpRoutes.map((route) => {
      const statements = policies
        .filter(([logicalId]) => logicalId.startsWith(`${route.name}Role`))
        .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')));
      return [route.name, statements];
    }),
  );
}

function environmentOf(template: Template, routeName: string): Record<string, unknown> {
  const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
  const found = functions.find(([logicalId]) => logicalId.startsWith(`${routeName}Function`));
  return (found?.[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('mail from the API functions', () => {
  const template = templateOf(buildTestApp(fullConfig).stacks.api);
  const mailRoutes = httpRoutes.filter((route) => route.sendsMail).map((route) => route.name);

  it('marks the invitation, add-member and webhook test event routes as the only senders', () => {
    expect(mailRoutes.sort()).toEqual(['AddMember', 'SendInvitation', 'TestWebhook']);
  });

  it('grants ses:SendEmail on the configured identity, from the sender address, to those functions only', () => {
    for (const [routeName, statements] of sesStatementsByRoute(template)) {
      if (!mailRoutes.includes(routeName)) {
        expect(statements, routeName).toEqual([]);
        continue;
      }
      expect(statements, routeName).toEqual([
        {
          Action: 'ses:SendEmail',
          Effect: 'Allow',
          Resource: {
            'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/mail.example.com']],
          },
          Condition: { StringEquals: { 'ses:FromAddress': 'noreply@mail.example.com' } },
        },
      ]);
    }
  });

  it('gives the senders the sender address and the web app URL for links', () => {
    for (const routeName of mailRoutes) {
      expect(environmentOf(template, routeName)).toMatchObject({
        MAIL_SENDER: 'noreply@mail.example.com',
        WEB_URL: 'https://app.example.com',
      });
    }
    expect(environmentOf(template, 'ListMembers').WEB_URL).toBeUndefined();
  });

  it('grants nothing of SES without a configured sender', () => {
    const minimal = templateOf(buildTestApp(minimalConfig).stacks.api);
    expect([...sesStatementsByRoute(minimal).values()].flat()).toEqual([]);
  });
});
