import type { HttpRoute } from '../shared/routes.js';

/** Steady requests per second and the burst above it (API Gateway's token bucket). */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * Request limits of the API stages (API Gateway answers 429 beyond them, before any function runs). The
 * figures are per deployment, far above what one team clicks and far below what would cost real money
 * or starve the account's Lambda concurrency: reads are cheap, writes fan out through the table stream,
 * and mail-sending routes spend the SES reputation, so each class is tighter than the one before.
 */
export const httpThrottles = {
  /** The stage's default, which every read gets. */
  read: { rateLimit: 50, burstLimit: 100 },
  write: { rateLimit: 20, burstLimit: 40 },
  /** Invitations and added members: each request may send a mail. */
  mail: { rateLimit: 2, burstLimit: 5 },
} as const satisfies Record<string, Throttle>;

/** Inbound WebSocket messages and connects; pushes to browsers are not counted. */
export const webSocketThrottle: Throttle = { rateLimit: 20, burstLimit: 50 };

/** The limit class of a route: GETs stay on the stage default; the rest are tighter. */
export function httpThrottleFor(route: HttpRoute): Throttle {
  if (route.sendsMail) return httpThrottles.mail;
  return route.method === 'GET' ? httpThrottles.read : httpThrottles.write;
}

/**
 * Reserved concurrency of the functions that could run away: the chat worker runs for minutes per message,
 * so a flood of chat messages is capped here instead of taking every execution the HTTP routes need. The
 * scheduled jobs run one at a time, so a retry never overlaps the run it repeats.
 */
export const reservedConcurrency = { chatWorker: 10, scheduledJob: 1 } as const;
