import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalSettings {
  /** Where DynamoDB Local, cognito-local and the outbox keep their data between runs. */
  readonly dataDir: string;
  readonly host: string;
  readonly ports: { dynamodb: number; cognito: number; api: number; webSocket: number; web: number; google: number; files: number };
  readonly region: string;
  readonly tableName: string;
  /** A production build of the web app to serve instead of Vite's dev server (WEB_DIST, e.g. dist/web). */
  readonly webDist?: string;
  /** The table in memory only, gone at the stop (DYNAMODB_IN_MEMORY=1; the tests' throw-away stacks). */
  readonly dynamoDbInMemory: boolean;
  /** How often the table's stream is read for the realtime fan-out (STREAM_POLL_MS; Lambda's is about 250 ms). */
  readonly streamPollMs: number;
}

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return value;
}

function milliseconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 10 || value > 60_000) {
    throw new Error(`${name} must be a whole number of milliseconds between 10 and 60000, got "${raw}"`);
  }
  return value;
}

/** Settings from the environment, each with a default, so `npm start` needs none. */
export function readLocalSettings(overrides: Partial<LocalSettings> = {}): LocalSettings {
  return {
    dataDir: path.resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.local/data'),
    host: 'localhost',
    ports: {
      dynamodb: port('DYNAMODB_PORT', 8000),
      cognito: port('COGNITO_PORT', 9229),
      api: port('API_PORT', 3001),
      webSocket: port('WS_PORT', 3002),
      web: port('WEB_PORT', 5173),
      google: port('GOOGLE_PORT', 3003),
      // The S3 stand-in holding attachments (local/s3-stand-in.ts).
      files: port('S3_PORT', 3004),
    },
    region: 'us-east-1',
    tableName: 'taskflow-local',
    ...(process.env.WEB_DIST ? { webDist: path.resolve(repoRoot, process.env.WEB_DIST) } : {}),
    dynamoDbInMemory: process.env.DYNAMODB_IN_MEMORY === '1',
    streamPollMs: milliseconds('STREAM_POLL_MS', 250),
    ...overrides,
  };
}

/** Where the local stack keeps the key that signs mails' unsubscribe links (functions/mail/unsubscribe-token.ts). */
export const mailLinkKeyFile = (dataDir: string): string => path.join(dataDir, 'mail-link.key');
