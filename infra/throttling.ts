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
 *
 * They are shared by every caller, and the per-address limits below (AWS WAF) do not let them be raised to
 * a mere cost ceiling: WAF sees only what comes through CloudFront, and the API's execute-api address stays
 * reachable directly (an HTTP API can have no web ACL of its own), so these stage limits are still all that
 * bounds one caller who goes there. Unchanged.
 */
export const httpThrottles = {
  /** The stage's default, which every read gets. */
  read: { rateLimit: 50, burstLimit: 100 },
  write: { rateLimit: 20, burstLimit: 40 },
  /** Invitations and added members: each request may send a mail. */
  mail: { rateLimit: 2, burstLimit: 5 },
} as const satisfies Record<string, Throttle>;

/**
 * Per-address limits of AWS WAF (rate-based rules keyed on the client's IP), counted over a sliding window
 * of `windowSeconds`; beyond one, that address is refused until its count falls back under it. An office
 * behind one NAT address shares them, so each is several times what a busy person makes.
 */
export const perIpLimits = {
  windowSeconds: 300,
  /** Every request to the site through CloudFront (the SPA's files and /api): about 7 a second. */
  site: 2_000,
  /**
   * GETs under /api/workspaces, the reads that Query the table (lists, search, dashboards): about 3 a
   * second, while a person clicking through pages makes well under one; a script looping over them is cut
   * off here before it reaches the shared stage limits.
   */
  workspaceReads: 1_000,
  /**
   * Calls to the user pool's public API (sign-up, sign-in, refresh, password reset): a sign-in is two, a
   * refresh one an hour; 1 a second lets a whole office sign in at once and a password-guessing script
   * about 150 tries in 5 minutes per address, before Cognito's own lockout of the account.
   */
  userPool: 300,
} as const;

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
