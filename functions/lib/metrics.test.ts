import middy from '@middy/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface EmfLine {
  readonly _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  readonly [key: string]: unknown;
}

/** The module loaded with metrics switched on and printed to the console (POWERTOOLS_DEV), as in Lambda. */
async function loadMetrics() {
  vi.resetModules();
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'taskflow-test');
  vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'taskflow-test');
  return import('./metrics.js');
}

describe('metrics', () => {
  let printed: EmfLine[];

  beforeEach(() => {
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(JSON.parse(line) as EmfLine));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const metricNames = (line: EmfLine | undefined) => line?._aws.CloudWatchMetrics[0]?.Metrics.map((metric) => metric.Name);

  it('writes requests, errors and latency per route, then the business metrics counted meanwhile', async () => {
    const { countMetric, routeMetrics } = await loadMetrics();
    const handler = middy<{ id: string }, { statusCode: number }>()
      .use(routeMetrics('POST /things'))
      .handler(async () => {
        countMetric('TasksCreated');
        return { statusCode: 201 };
      });
    await handler({ id: 'a' }, {} as never);

    const [route, business] = printed;
    expect(route).toMatchObject({ route: 'POST /things', service: 'taskflow-test', Requests: 1, Errors: 0 });
    expect(route?._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'taskflow-test', Dimensions: [['service', 'route']] });
    expect(metricNames(route)).toEqual(['Requests', 'Errors', 'Latency']);
    expect(route?.Latency).toEqual(expect.any(Number));
    expect(business).toMatchObject({ service: 'taskflow-test', TasksCreated: 1 });
    expect(business?._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['service']]);
  });

  it('counts an answer of 500 or more as an error, a refusal (4xx) not', async () => {
    const { routeMetrics } = await loadMetrics();
    const answering = (statusCode: number) =>
      middy<{ id: string }, { statusCode: number }>()
        .use(routeMetrics('GET /things'))
        .handler(async () => ({ statusCode }));
    await answering(404)({ id: 'a' }, {} as never);
    await answering(503)({ id: 'b' }, {} as never);
    const failing = middy<{ id: string }, { statusCode: number }>()
      .use(routeMetrics('GET /things'))
      .handler(async () => Promise.reject(new Error('boom')));
    await expect(failing({ id: 'c' }, {} as never)).rejects.toThrow('boom');
    expect(printed.map((line) => line.Errors)).toEqual([0, 1, 1]);
  });

  it('writes nothing for a function that counted nothing', async () => {
    const { publishMetrics } = await loadMetrics();
    await middy<unknown, undefined>().use(publishMetrics()).handler(async () => undefined)({}, {} as never);
    expect(printed).toEqual([]);
  });

  it('stays silent when switched off, as locally and in the tests', async () => {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    const { countMetric, routeMetrics } = await import('./metrics.js');
    const handler = middy<{ id: string }, { statusCode: number }>()
      .use(routeMetrics('GET /x'))
      .handler(async () => {
        countMetric('MailsSent');
        return { statusCode: 200 };
      });
    await handler({ id: 'a' }, {} as never);
    expect(printed).toEqual([]);
  });
});
