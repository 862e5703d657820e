import { readFileSync } from 'node:fs';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
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

/** The assistant on an OpenAI-compatible endpoint instead of Bedrock, its key in a Secrets Manager secret. */
export const openAiConfig: AppConfig = loadConfig(() => undefined, {
  TASKFLOW_OPENAI_BASE_URL: 'https://llm.example.com/v1',
  TASKFLOW_OPENAI_API_KEY_SECRET_NAME: 'taskflow/openai-api-key',
});

/** Only the defaults: no mail, no custom domain, no alarm subscription. */
export const minimalConfig: AppConfig = loadConfig(() => undefined, {});

type TestApp = { app: App; stacks: AppStacks };

/**
 * One app per configuration for the whole infra run (the files share their modules: vitest.config.ts), since
 * building it is most of an infra test's time. The tests only read it; one that needs to change the app or its
 * settings passes a configuration of its own, which gets an app of its own.
 */
const apps = new Map<AppConfig, TestApp>();

/** The app as `cdk synth` builds it (same feature flags), minus bundling: neither esbuild nor Vite runs. */
export function buildTestApp(config: AppConfig = fullConfig): TestApp {
  let built = apps.get(config);
  if (!built) {
    built = buildUnsharedTestApp(config);
    apps.set(config, built);
  }
  return built;
}

/** As buildTestApp, but an app of its own, for a test that adds to it (e.g. a validation plugin) before synth. */
export function buildUnsharedTestApp(config: AppConfig): TestApp {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  return { app, stacks: buildApp(app, config) };
}

const assemblies = new WeakMap<App, CloudAssembly>();
const templates = new WeakMap<Stack, Template>();

/**
 * The stack's synthesized template, as `Template.fromStack` makes it, but from one synthesis of its app
 * (`fromStack` synthesizes the whole app again on every call).
 */
export function templateOf(stack: Stack): Template {
  let template = templates.get(stack);
  if (!template) {
    const app = stack.node.root as App;
    let assembly = assemblies.get(app);
    if (!assembly) {
      assembly = app.synth();
      assemblies.set(app, assembly);
    }
    template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Record<string, unknown>);
    templates.set(stack, template);
  }
  return template;
}
