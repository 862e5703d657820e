import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ForbiddenError } from './errors.js';

/**
 * The header CloudFront adds to every request it sends the HTTP API (a custom origin header: a viewer's own
 * header of that name is overwritten, never passed on). API Gateway gives handlers header names in lower case.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The variable that holds the header's expected value: in AWS a secret generated at the first deploy
 * (infra/stacks/api-stack.ts), resolved by CloudFormation. Unset (the local stack, which has no CloudFront),
 * nothing is checked.
 */
export const ORIGIN_VERIFY_VARIABLE = 'ORIGIN_VERIFY_SECRET';

/**
 * Refuses, with 403 and before any route logic, a request that did not come through the site's CloudFront
 * distribution: one sent to the HTTP API's own execute-api address, which no web ACL guards. The value is
 * read at each request, so a test (or a function whose variable is unset) needs no reload.
 */
export function originVerify(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: function refuseRequestsAroundCloudFront(request) {
      const expected = process.env[ORIGIN_VERIFY_VARIABLE];
      if (!expected) return;
      const sent = request.event.headers?.[ORIGIN_VERIFY_HEADER];
      if (sent === undefined || !sameSecret(sent, expected)) throw new ForbiddenError("This API answers only through the web app's own address");
    },
  };
}

/**
 * Constant-time equality: both sides are hashed first, so the comparison takes as long whatever the
 * sent value's length or how much of it matches.
 */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
