import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, type CfnElement, type Stack } from 'aws-cdk-lib';
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

function assemblyOf(stack: Stack): CloudAssembly {
  const app = stack.node.root as App;
  let assembly = assemblies.get(app);
  if (!assembly) {
    assembly = app.synth();
    assemblies.set(app, assembly);
  }
  return assembly;
}

/**
 * How many resources each CloudFormation template of the stack holds, as deployed: the stack's own and each
 * of its nested stacks' (by construct path). CloudFormation refuses a template of more than 500.
 */
export function resourceCountsOf(stack: Stack): Record<string, number> {
  const assembly = assemblyOf(stack);
  const count = (template: CfnTemplate) => Object.keys(template.Resources).length;
  const nested = stack.node.findAll().filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct));
  return Object.fromEntries([
    [stack.node.path, count(assembly.getStackArtifact(stack.artifactId).template as CfnTemplate)],
    ...nested.map((child) => [child.node.path, count(JSON.parse(readFileSync(path.join(assembly.directory, child.templateFile), 'utf8')) as CfnTemplate)]),
  ]);
}

/**
 * The stack's synthesized template, as `Template.fromStack` makes it, but from one synthesis of its app
 * (`fromStack` synthesizes the whole app again on every call).
 */
export function templateOf(stack: Stack): Template {
  let template = templates.get(stack);
  if (!template) {
    const assembly = assemblyOf(stack);
    const artifact = assembly.getStackArtifact(stack.artifactId);
    template = Template.fromJSON(withNestedStacksInlined(stack, artifact.template as CfnTemplate, assembly.directory));
    templates.set(stack, template);
  }
  return template;
}

interface CfnTemplate {
  readonly Resources: Record<string, { readonly Properties?: Record<string, unknown>; readonly DependsOn?: string | string[] }>;
  readonly [section: string]: unknown;
}

/**
 * The stack's template with its nested stacks' resources in it, as if they had been created in the stack
 * itself: each nested stack's parameters replaced by what the stack passes them, a `Fn::GetAtt` of a nested
 * output by its value, and a dependency on a nested stack by dependencies on its resources. The API's routes
 * live in one nested stack per handler folder (infra/stacks/api-stack.ts); the tests read them as one API.
 */
function withNestedStacksInlined(stack: Stack, template: CfnTemplate, directory: string): CfnTemplate {
  const nestedStacks = stack.node.findAll().filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct));
  if (nestedStacks.length === 0) return template;
  const nestedIds = new Set(nestedStacks.map((nested) => stack.getLogicalId(nested.nestedStackResource as CfnElement)));
  const resources = Object.fromEntries(Object.entries(template.Resources).filter(([id]) => !nestedIds.has(id)));
  const replacements = new Map<string, unknown>();
  const nestedResourceIds = new Map<string, string[]>();
  for (const nested of nestedStacks) {
    const id = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const inner = JSON.parse(readFileSync(path.join(directory, nested.templateFile), 'utf8')) as CfnTemplate & {
      readonly Outputs?: Record<string, { readonly Value: unknown }>;
    };
    const passed = (template.Resources[id]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const innerResources = replaced(inner.Resources, (value) => refOf(value, passed)) as CfnTemplate['Resources'];
    for (const [name, output] of Object.entries(inner.Outputs ?? {})) {
      replacements.set(`${id}.Outputs.${name}`, replaced(output.Value, (value) => refOf(value, passed)));
    }
    Object.assign(resources, innerResources);
    nestedResourceIds.set(id, Object.keys(innerResources));
  }
  const outputOf = (value: unknown) => {
    const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    return getAtt ? replacements.get(getAtt.join('.')) : undefined;
  };
  const merged = replaced({ ...template, Resources: resources }, outputOf) as CfnTemplate;
  for (const resource of Object.values(merged.Resources)) {
    if (resource.DependsOn === undefined) continue;
    const dependsOn = [resource.DependsOn].flat().flatMap((name) => nestedResourceIds.get(name) ?? [name]);
    Object.assign(resource, { DependsOn: dependsOn });
  }
  return merged;
}

/** `{ Ref: parameter }` of a nested stack, as the value its parent passes it. */
function refOf(value: unknown, passed: Record<string, unknown>): unknown {
  const ref = (value as { Ref?: unknown }).Ref;
  return typeof ref === 'string' && ref in passed ? passed[ref] : undefined;
}

/** A deep copy of `value` with every object `substitute` gives a value for replaced by it. */
function replaced(value: unknown, substitute: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaced(item, substitute));
  if (value === null || typeof value !== 'object') return value;
  const substitution = substitute(value);
  if (substitution !== undefined) return substitution;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, substitute)]));
}
