import { setupServer } from 'msw/node';
import type { WebConfig } from '@shared/web-config';

/**
 * The API as component tests see it: Mock Service Worker answers the app's real fetches (through the real
 * API client, its schemas and error handling) with what each test sets with `server.use(...)`. A request no
 * test answers fails the test (setup.ts).
 */
export const server = setupServer();

export const TEST_CONFIG: WebConfig = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: 'http://api.test',
  webSocketUrl: 'ws://realtime.test',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
};

/** An API address, as the app calls it (for `http.get(api('/profile'), …)`). */
export const api = (path: string): string => `${TEST_CONFIG.apiUrl}${path}`;
