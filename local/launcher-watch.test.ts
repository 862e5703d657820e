import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const watchModule = fileURLToPath(new URL('./launcher-watch.ts', import.meta.url));

describe('a process whose launcher is killed', () => {
  it('notices it was handed to another parent and stops itself', async () => {
    // A shell (like npm's) runs a process that stays up until the watch says its launcher is gone.
    const program = `import { stopWhenOrphaned } from ${JSON.stringify(watchModule)};
      const keepAlive = setInterval(() => {}, 1000);
      console.log('watching');
      stopWhenOrphaned(() => { console.log('stopped'); clearInterval(keepAlive); }, 50);`;
    const shell = spawn('sh', ['-c', `"${process.execPath}" --import tsx --input-type=module -e '${program.replace(/'/g, "'\\''")}'; true`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const said = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" in ${JSON.stringify(output)}`)), 10_000);
        const check = () => {
          if (!output.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        shell.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          check();
        });
        check();
      });
    await said('watching');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).not.toContain('stopped');
    shell.kill('SIGKILL');
    await said('stopped');
  });
});
