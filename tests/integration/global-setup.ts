import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { mailLinkKeyFile, readLocalSettings } from '../../local/settings.js';
import { startLocalStack } from '../../local/stack.js';
import type { WebConfig } from '../../shared/web-config.js';
import { integrationAbuseLimitsEnvironment } from './stack-limits.js';

declare module 'vitest' {
  export interface ProvidedContext {
    webConfig: WebConfig;
    /** The test stack's DynamoDB Local, for tests that must look at the table itself (e.g. nothing left). */
    table: { endpoint: string; region: string; tableName: string };
    /** The Google stand-in the handlers talk to (its /_control/ operations steer it). */
    googleUrl: string;
    /** The S3 stand-in holding attachments. */
    filesUrl: string;
    /** The stand-in's /_control/ operations need it in `x-control-secret` (made at each start of the stack). */
    controlSecret: string;
    /** The key file the stack signs unsubscribe links with, for jobs run in a test's own process. */
    mailLinkKeyFile: string;
    /** The one origin the local servers answer browsers from (the web app's; not started in this run). */
    webOrigin: string;
  }
}

/** One back-end-only local stack for the integration run, on its own ports and a throw-away data folder. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taskflow-it-'));
  const base = Number(process.env.TEST_PORT_BASE ?? 18000);
  const settings = readLocalSettings({
    dataDir,
    ports: { dynamodb: base, cognito: base + 1, api: base + 2, webSocket: base + 3, web: base + 4, google: base + 5, files: base + 6 },
    tableName: 'taskflow-test',
    // Nothing of a test run is kept: no table file to write.
    dynamoDbInMemory: true,
  });
  // The handlers run in this process and read their limits when first loaded, after this.
  Object.assign(process.env, integrationAbuseLimitsEnvironment);
  const stack = await startLocalStack(settings, { web: false, quiet: true });
  project.provide('webConfig', stack.webConfig);
  project.provide('googleUrl', stack.googleUrl);
  project.provide('filesUrl', stack.filesUrl);
  project.provide('controlSecret', stack.controlSecret);
  project.provide('mailLinkKeyFile', mailLinkKeyFile(dataDir));
  project.provide('webOrigin', `http://localhost:${settings.ports.web}`);
  project.provide('table', {
    endpoint: `http://127.0.0.1:${settings.ports.dynamodb}`,
    region: settings.region,
    tableName: settings.tableName,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
