/**
 * cognito-local's server, started with a logger that writes one JSON line per entry, synchronously.
 * (Its own command pretty-prints through a buffered stream that can hold an entry back until the next
 * one, so a password-reset code could show up many seconds late.) Run as a child process with its data
 * folder as the working directory: `node --import tsx local/cognito-local-server.ts`.
 */
import { writeSync } from 'node:fs';
import pino from 'pino';
import { createDefaultServer } from 'cognito-local/lib/server/index.js';

// A plain synchronous write per entry: pino's own destinations buffered entries here until the next one.
const logger = pino({ level: 'info', base: null }, { write: (line: string) => writeSync(1, line) });

createDefaultServer(logger)
  .then((server) => server.start())
  .then(() => logger.info('cognito-local ready'))
  .catch((error: unknown) => {
    logger.error(error);
    process.exit(1);
  });
