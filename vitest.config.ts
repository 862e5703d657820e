import { defineConfig } from 'vitest/config';
import { webAliases } from './web/vite.config';

/**
 * Four projects, all run by `npm test` (tests/run-all.ts):
 * - unit: pure code next to its source, no network;
 * - component: one React component or page (the `.test.tsx` files of web/) in a DOM (happy-dom), through the app's
 *   own providers and API client, with the API answered by Mock Service Worker (web/src/testing);
 * - infra: CDK assertions and cdk-nag on the synthesized templates;
 * - integration: handlers through the local gateways against real DynamoDB Local and cognito-local.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          alias: webAliases,
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'local/**/*.test.ts', 'web/**/*.test.ts'],
          environment: 'node',
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
          // One module cache per worker, so the packages (the AWS SDK, zod, React) load once, not once a file;
          // the project's own modules are loaded anew for each file (shared/testing/fresh-modules.ts).
          isolate: false,
          setupFiles: ['shared/testing/fresh-modules.ts'],
        },
      },
      {
        test: {
          name: 'component',
          alias: webAliases,
          include: ['web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
          // One findBy… may wait 5 s (asyncUtilTimeout, setup.ts); the default 5 s for a whole test then fails a
          // test whose first lazy chunk loads slowly on a CI machine busy with the e2e run (settings.test did).
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // The files share one module graph, so aws-cdk-lib loads and each configuration's app is built once
          // (tests/infra/app-fixture.ts), instead of once per file.
          isolate: false,
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          // The web's own index questions (e.g. the tabs of /tasks) are checked against the real API.
          alias: webAliases,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // As the unit tests: the packages load once per worker, the project's modules anew for each file.
          isolate: false,
          setupFiles: ['shared/testing/fresh-modules.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
