/**
 * `npm start`: the whole product on this machine, with a local stand-in for every AWS part.
 * Ctrl-C stops everything; data stays in the data folder (.local/data unless LOCAL_DATA_DIR says otherwise)
 * for the next start.
 */
import path from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccount } from './demo-account.js';
import { stopWhenOrphaned } from './launcher-watch.js';
import { LocalStackError, fail, step } from './log.js';
import { readLocalSettings } from './settings.js';
import { startLocalStack } from './stack.js';

async function main(): Promise<void> {
  console.log('\nStarting TaskFlow on the local stack…\n');
  const settings = readLocalSettings();
  const stack = await startLocalStack(settings, { web: true });
  if (process.env.DEMO_ACCOUNT !== '0') {
    try {
      await ensureDemoAccount(stack.webConfig);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    step(`Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }
  if (stack.webConfig.outboxUrl) step(`Mail outbox (mail the app sent): ${stack.webConfig.outboxUrl}`);
  const dataDir = path.relative(process.cwd(), settings.dataDir) || '.';
  console.log(`\n✔ Ready. Open ${stack.webUrl ?? ''}\n  (Ctrl-C stops everything; data persists in ${dataDir.startsWith('..') ? settings.dataDir : dataDir})\n`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  stopWhenOrphaned(() => shutdown('Launcher gone'));
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) fail(error.message);
  console.error(error);
  process.exit(1);
});
