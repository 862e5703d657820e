// The one module that configures aws-amplify; loaded on demand through lib/amplify.ts.
import { Amplify } from 'aws-amplify';
import type { WebConfig } from '@shared/web-config';

export { fetchAuthSession, fetchMFAPreference, getCurrentUser, setUpTOTP, signOut, updateMFAPreference, updatePassword, verifyTOTPSetup } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

export function configureAmplify(config: WebConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Locally: cognito-local. In AWS the endpoint follows from the pool's region.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
