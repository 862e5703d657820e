import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpThrottles, reservedConcurrency, webSocketThrottle } from '../../infra/throttling.js';
import { httpRoutes, scheduledJobs, workerFunctions } from '../../shared/routes.js';
import { buildTestApp, templateOf } from './app-fixture.js';

interface Resource {
  readonly Properties: Record<string, unknown>;
  readonly DependsOn?: string[];
}

describe('throttling and reserved concurrency', () => {
  const { stacks } = buildTestApp();
  const api = templateOf(stacks.api);
  const [httpStage] = Object.values(api.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>);
  const routeSettings = httpStage?.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;

  it('limits the HTTP stage by default at the read rate', () => {
    expect(httpStage?.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: httpThrottles.read.rateLimit,
      ThrottlingBurstLimit: httpThrottles.read.burstLimit,
    });
  });

  it.each(httpRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (routeKey, route) => {
    const expected = route.sendsMail ? httpThrottles.mail : route.method === 'GET' ? undefined : httpThrottles.write;
    expect(routeSettings[routeKey]).toEqual(expected && { ThrottlingRateLimit: expected.rateLimit, ThrottlingBurstLimit: expected.burstLimit });
  });

  it('keeps the classes ordered: mail tighter than writes, writes tighter than reads', () => {
    expect(httpThrottles.mail.rateLimit).toBeLessThan(httpThrottles.write.rateLimit);
    expect(httpThrottles.write.rateLimit).toBeLessThan(httpThrottles.read.rateLimit);
    expect(httpThrottles.mail.burstLimit).toBeLessThan(httpThrottles.write.burstLimit);
  });

  it('creates the stage after the routes its settings name', () => {
    const routeIds = Object.entries(api.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>)
      .filter(([, route]) => Object.keys(routeSettings).includes(route.Properties.RouteKey as string))
      .map(([id]) => id);
    expect(routeIds).toHaveLength(Object.keys(routeSettings).length);
    expect(httpStage?.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it('limits inbound WebSocket traffic on its stage', () => {
    templateOf(stacks.realtime).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'prod',
      DefaultRouteSettings: { ThrottlingRateLimit: webSocketThrottle.rateLimit, ThrottlingBurstLimit: webSocketThrottle.burstLimit },
    });
  });

  const functionsOf = (template: Template) => Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);

  it('caps the chat worker, and only it among the realtime functions', () => {
    const reserved = functionsOf(templateOf(stacks.realtime)).filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined);
    expect(reserved.map(([id, fn]) => [id.replace(/Function.*/, ''), fn.Properties.ReservedConcurrentExecutions])).toEqual([
      [workerFunctions[0].name, reservedConcurrency.chatWorker],
    ]);
  });

  it('runs each scheduled job one at a time, and reserves nothing for the HTTP routes', () => {
    const jobs = functionsOf(templateOf(stacks.schedule));
    expect(jobs).toHaveLength(scheduledJobs.length);
    for (const [, fn] of jobs) expect(fn.Properties.ReservedConcurrentExecutions).toBe(reservedConcurrency.scheduledJob);
    for (const [, fn] of functionsOf(api)) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });
});
