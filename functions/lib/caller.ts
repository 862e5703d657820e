import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { UnauthorizedError } from './errors.js';

/** Who is calling, from the claims the JWT authorizer verified (the Cognito ID token). */
export interface Caller {
  readonly userId: string;
  readonly email: string;
}

export function callerFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const userId = claims?.sub;
  if (typeof userId !== 'string' || userId === '') throw new UnauthorizedError();
  const email = claims?.email;
  return { userId, email: typeof email === 'string' ? email : '' };
}
