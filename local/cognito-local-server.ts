/**
 * cognito-local's server, started with a logger that writes one JSON line per entry, synchronously.
 * (Its own command pretty-prints through a buffered stream that can hold an entry back until the next
 * one, so a password-reset code could show up many seconds late.) Run as a child process with its data
 * folder as the working directory: `node --import tsx local/cognito-local-server.ts`.
 *
 * cognito-local answers any origin and runs Admin operations without credentials, so its app is served
 * behind the local stack's guard (request-guard.ts: loopback Host, the web app's Origin only), and an Admin
 * operation a browser sends (it carries an Origin) is refused: the web app never makes one.
 */
import { writeSync } from 'node:fs';
import http from 'node:http';
import pino from 'pino';
import { createDefaultServer } from 'cognito-local/lib/server/index.js';
import { localRequestGuard, refusedByGuard } from './request-guard.js';

// A plain synchronous write per entry: pino's own destinations buffered entries here until the next one.
const logger = pino({ level: 'info', base: null }, { write: (line: string) => writeSync(1, line) });
const guard = localRequestGuard(Number(process.env.WEB_PORT));

/** `X-Amz-Target: AWSCognitoIdentityProviderService.AdminCreateUser` and the like, sent by a browser. */
function browserAdminCall(request: http.IncomingMessage): boolean {
  const target = request.headers['x-amz-target'];
  return request.headers.origin !== undefined && typeof target === 'string' && /\.Admin[A-Za-z]+$/.test(target);
}

createDefaultServer(logger)
  .then(
    ({ application }) =>
      new Promise<void>((resolve, reject) => {
        const server = http.createServer((request, response) => {
          if (refusedByGuard(guard, request, response)) return;
          if (browserAdminCall(request)) {
            response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Forbidden: Admin operations are not for browsers' }));
            return;
          }
          application(request, response);
        });
        server.once('error', reject);
        server.listen(Number(process.env.PORT), process.env.HOST, () => resolve());
      }),
  )
  .then(() => logger.info('cognito-local ready'))
  .catch((error: unknown) => {
    logger.error(error);
    process.exit(1);
  });
