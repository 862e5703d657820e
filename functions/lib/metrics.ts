import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type middy from '@middy/core';

/**
 * CloudWatch metrics as embedded metric format (EMF) lines in the function's log: no API call, no added
 * latency. The namespace and service come from POWERTOOLS_METRICS_NAMESPACE and POWERTOOLS_SERVICE_NAME
 * (set by infra/constructs/app-function.ts); the local stack and the tests set POWERTOOLS_METRICS_DISABLED,
 * so nothing is printed there.
 */
const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'taskflow';
const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'taskflow';

/** What the app did, with the service as only dimension, so the dashboard reads one series per metric. */
const businessMetrics = new Metrics({ namespace, serviceName });

/** The business events the dashboard counts. */
export type BusinessMetric =
  | 'TasksCreated'
  | 'WeeklyPlansGenerated'
  | 'ScheduledPlansFailed'
  | 'AssistantTurns'
  | 'AssistantToolCalls'
  /** Model tokens the assistant's answers took (read and written): the model bill. */
  | 'AssistantTokens'
  /** Messages refused because a user's or a workspace's daily token budget was spent (alarmed on). */
  | 'AssistantBudgetRefusals'
  | 'MailsSent'
  | 'MailsRefused';

/** Counts a business event; it is written when the invocation ends (see publishMetrics). */
export function countMetric(name: BusinessMetric, count = 1): void {
  businessMetrics.addMetric(name, MetricUnit.Count, count);
}

/** Writes the business events counted so far (only when there are some: an empty flush only warns). */
function flushBusinessMetrics(): void {
  if (businessMetrics.hasStoredMetrics()) businessMetrics.publishStoredMetrics();
}

/** Middleware of every function that is not a route: writes its business metrics when it ends, even on error. */
export function publishMetrics<Event, Result>(): middy.MiddlewareObj<Event, Result> {
  return { after: flushBusinessMetrics, onError: flushBusinessMetrics };
}

/**
 * Middleware of a route's handler (functions/lib/http-handler.ts): Requests, Errors (answers of 500 or
 * more, 0 otherwise, so their average is the error rate) and Latency, with the route as dimension; then
 * the business metrics of the request. Placed outermost, it sees the status the error handler chose.
 */
export function routeMetrics<Event extends object, Result extends { statusCode?: number } | undefined>(
  routeKey: string,
): middy.MiddlewareObj<Event, Result> {
  const perRoute = new Metrics({ namespace, serviceName, defaultDimensions: { route: routeKey } });
  // Keyed by the event: the local gateways serve concurrent requests with one module.
  const startedAt = new WeakMap<object, number>();
  const record = (event: Event, statusCode: number) => {
    perRoute.addMetric('Requests', MetricUnit.Count, 1);
    perRoute.addMetric('Errors', MetricUnit.Count, statusCode >= 500 ? 1 : 0);
    perRoute.addMetric('Latency', MetricUnit.Milliseconds, performance.now() - (startedAt.get(event) ?? performance.now()));
    perRoute.publishStoredMetrics();
    flushBusinessMetrics();
  };
  return {
    before: (request) => {
      startedAt.set(request.event, performance.now());
    },
    after: (request) => record(request.event, request.response?.statusCode ?? 200),
    // The error handler has set the answer by now (4xx for refusals); without one the request failed.
    onError: (request) => record(request.event, request.response?.statusCode ?? 500),
  };
}
