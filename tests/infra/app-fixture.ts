import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { buildApp, type AppStacks } from '../../infra/app.js';
import { loadConfig, type AppConfig } from '../../infra/config.js';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

/** Settings with every optional part switched on, so each conditional resource is synthesized. */
export const fullConfig: AppConfig = loadConfig(() => undefined, {
  TASKFLOW_MAIL_SENDER: 'noreply@mail.example.com',
  TASKFLOW_MAIL_DOMAIN: 'mail.example.com',
  TASKFLOW_DOMAIN_NAME: 'app.example.com',
  TASKFLOW_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
  TASKFLOW_ALARM_EMAIL: 'ops@example.com',
  TASKFLOW_GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
  TASKFLOW_GOOGLE_CLIENT_SECRET_NAME: 'taskflow/google-client-secret',
});

/** Only the defaults: no mail, no custom domain, no alarm subscription. */
export const minimalConfig: AppConfig = loadConfig(() => undefined, {});

/** The app as `cdk synth` builds it (same feature flags), minus bundling: neither esbuild nor Vite runs. */
export function buildTestApp(config: AppConfig = fullConfig): { app: App; stacks: AppStacks } {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  return { app, stacks: buildApp(app, config) };
}
