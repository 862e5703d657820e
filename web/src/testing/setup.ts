import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installEnglishValidationMessages } from '@shared/schemas/messages';
import { setConfig } from '@/lib/config';
import { server, TEST_CONFIG } from './server';

/** Every component test file: the app's config and messages, the mock API, and a clean page after each test. */
installEnglishValidationMessages();
setConfig(TEST_CONFIG);
// `findBy…` waits up to 5 s, not 1: in CI the components share two cores with the end-to-end and integration
// tests, and a lazily loaded part (the markdown renderer) once took longer than a second to appear.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterAll(() => server.close());
