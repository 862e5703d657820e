import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { LocalStackError } from './log.js';

const MINIMUM_JAVA = 17;

/** DynamoDB Local needs Java 17+; say so plainly instead of failing later inside the jar. */
export async function checkJava(): Promise<void> {
  let output: string;
  try {
    const result = await promisify(execFile)('java', ['-version']);
    output = `${result.stderr}${result.stdout}`;
  } catch {
    throw new LocalStackError(
      `Java ${MINIMUM_JAVA} or newer is required for DynamoDB Local, and no 'java' was found on PATH.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jdk-headless; macOS: brew install openjdk@17).',
    );
  }
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : NaN;
  if (!(major >= MINIMUM_JAVA)) {
    throw new LocalStackError(
      `Java ${MINIMUM_JAVA} or newer is required for DynamoDB Local; found: ${output.split('\n')[0] ?? 'unknown'}`,
    );
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Every port must be free before anything starts, so a clash is one clear message, not a half-started stack. */
export async function checkPorts(ports: Record<string, number>): Promise<void> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) taken.push(`${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new LocalStackError(
      `Port${taken.length > 1 ? 's' : ''} already in use: ${taken.join(', ')}.\n` +
        '  Stop the other program (or another `npm start`), or choose other ports with the variables\n' +
        '  DYNAMODB_PORT, COGNITO_PORT, API_PORT, WS_PORT and WEB_PORT.',
    );
  }
}
