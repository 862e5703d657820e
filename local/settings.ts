import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalSettings {
  /** Where DynamoDB Local, cognito-local and the outbox keep their data between runs. */
  readonly dataDir: string;
  readonly host: string;
  readonly ports: { dynamodb: number; cognito: number; api: number; webSocket: number; web: number; google: number };
  readonly region: string;
  readonly tableName: string;
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
    },
    region: 'us-east-1',
    tableName: 'taskflow-local',
    ...overrides,
  };
}
