import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Local-only Cognito trigger: confirms and verifies every new user at sign-up, because no real e-mail can
 * reach a developer's machine. In AWS the user pool sends the confirmation code by e-mail instead.
 */
export const AUTO_CONFIRM_FUNCTION = 'local-auto-confirm-sign-up';

export function autoConfirmSignUp(event: PreSignUpTriggerEvent): PreSignUpTriggerEvent {
  return { ...event, response: { ...event.response, autoConfirmUser: true, autoVerifyEmail: true } };
}

/** Answers cognito-local's Lambda Invoke calls (POST /2015-03-31/functions/{name}/invocations). */
export function invokeAuthTrigger(functionName: string, payload: unknown): unknown {
  if (functionName !== AUTO_CONFIRM_FUNCTION) throw new Error(`Unknown local trigger ${functionName}`);
  return autoConfirmSignUp(payload as PreSignUpTriggerEvent);
}
