import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A 256-bit key kept in a file under the local stack's data folder (what KMS or Secrets Manager hold in
 * AWS), created (mode 600) on first use, so it outlives a restart of the stack.
 */
export async function localKeyFile(file: string): Promise<Buffer> {
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true });
    const key = randomBytes(32);
    // 'wx': should two processes race, the loser reads the winner's key.
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch((writeError: NodeJS.ErrnoException) => {
      if (writeError.code !== 'EEXIST') throw writeError;
    });
    return localKeyFile(file);
  }
}
