import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { AppFunction } from './app-function.js';

/**
 * What a function may ask the user pool (functions/lib/sign-in-checks.ts), on that one pool:
 * - 'two-factor': whether a user signs in with two factors (AdminGetUser), for every function that checks
 *   a workspace membership (owners and admins of a workspace that requires it);
 * - 'sign-in': whether a password and a code sign the caller in (the admin sign-in flow), for the Settings
 *   checks only.
 */
export type UserPoolAccess = 'two-factor' | 'sign-in';

const ACTIONS: Record<UserPoolAccess, string[]> = {
  'two-factor': ['cognito-idp:AdminGetUser'],
  'sign-in': ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge'],
};

export function grantUserPoolAccess(appFunction: AppFunction, userPoolArn: string, access: UserPoolAccess): void {
  appFunction.role.addToPrincipalPolicy(new PolicyStatement({ actions: ACTIONS[access], resources: [userPoolArn] }));
}
