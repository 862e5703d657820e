import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { UnauthorizedError } from './errors.js';

/** Who is calling, from the claims the JWT authorizer verified (the Cognito ID token). */
export interface Caller {
  readonly userId: string;
  readonly email: string;
}

/**
 * The HTTP API authorizer also lets Cognito access tokens through; they carry no e-mail, so only ID tokens
 * are accepted. The e-mail counts only once Cognito has verified it (users can change the attribute).
 */
export function callerFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const userId = claims?.sub;
  if (typeof userId !== 'string' || userId === '' || claims?.token_use !== 'id') throw new UnauthorizedError();
  const email = claims.email;
  const verified = String(claims.email_verified) === 'true';
  return { userId, email: verified && typeof email === 'string' ? email : '' };
}
