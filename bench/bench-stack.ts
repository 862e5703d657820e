import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readLocalSettings } from '../local/settings.js';
import { startLocalStack } from '../local/stack.js';
import type { WebConfig } from '../shared/web-config.js';

/**
 * Runs a bench against a stack of its own (the web server only with `web: true`): five ports from
 * `portBase` and a fresh data folder, both gone afterwards, so a developer's stack and data are never
 * touched. `checkContracts: false` lets the gateway skip its development check of every answer, as API
 * Gateway does. A failure is printed and ends the process with exit code 1.
 */
export function runBench(
  portBase: number,
  bench: (config: WebConfig, stack: { webUrl?: string | undefined }) => Promise<void>,
  options: { web?: boolean; checkContracts?: boolean } = {},
): void {
  const run = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taskflow-bench-'));
    const stack = await startLocalStack(
      readLocalSettings({
        dataDir,
        ports: { dynamodb: portBase, cognito: portBase + 1, api: portBase + 2, webSocket: portBase + 3, web: portBase + 4, google: portBase + 5, files: portBase + 6 },
        tableName: 'taskflow-bench',
      }),
      { web: options.web ?? false, quiet: true, checkContracts: options.checkContracts ?? true },
    );
    try {
      await bench(stack.webConfig, { webUrl: stack.webUrl });
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
