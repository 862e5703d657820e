import { defineConfig } from 'vitest/config';
import { webAliases } from './web/vite.config';

/**
 * Three projects, all run by `npm test`:
 * - unit: pure code next to its source, no network;
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
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'local/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
