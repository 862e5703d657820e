import { UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import type { WebConfig } from '../shared/web-config.js';
import { signIn, signUp } from './cognito-users.js';

export const DEMO_EMAIL = 'demo@taskflow.local';
export const DEMO_PASSWORD = 'Demo-password-1';

/**
 * A ready account for demos, signed up through cognito-local like anyone else, with a workspace created
 * through the API. Made on the first start only; later starts find it.
 */
export async function ensureDemoAccount(config: WebConfig): Promise<void> {
  try {
    await signUp(config, DEMO_EMAIL, DEMO_PASSWORD);
  } catch (error) {
    if (error instanceof UsernameExistsException) return;
    throw error;
  }
  const idToken = await signIn(config, DEMO_EMAIL, DEMO_PASSWORD);
  const response = await fetch(`${config.apiUrl}/workspaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Demo Workspace' }),
  });
  if (!response.ok) throw new Error(`Creating the demo workspace failed with status ${response.status}`);
}
