import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { keyAttributeNames, tableDefinition } from '../functions/data/table-definition.js';
import { startChild, STARTUP_TIMEOUT_MS, stopOnFailure, waitUntil, type Service } from './child-process.js';
import { repoRoot } from './settings.js';
import { step } from './log.js';

/** The official DynamoDB Local, as shipped in this npm package's emulator/ folder. */
const EMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const emulatorDir = path.join(repoRoot, '.local', 'dynamodb-local');
const jarPath = path.join(emulatorDir, 'DynamoDBLocal.jar');

/**
 * Fetches only the package's tarball (no dependencies, no install scripts) and keeps its emulator folder.
 * Done once per clone; later starts reuse it.
 */
export async function ensureDynamoDbLocalJar(): Promise<void> {
  if (existsSync(jarPath)) return;
  step(`Fetching DynamoDB Local from the npm registry (${EMULATOR_PACKAGE}, ~55 MB, first start only)`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'dynamodb-local-'));
  try {
    const run = promisify(execFile);
    const { stdout } = await run('npm', ['pack', EMULATOR_PACKAGE, '--silent', '--pack-destination', workDir], {
      maxBuffer: 1024 * 1024,
    });
    const tarball = path.join(workDir, stdout.trim().split('\n').pop() ?? '');
    await run('tar', ['-xzf', tarball, '-C', workDir, 'package/emulator']);
    mkdirSync(path.dirname(emulatorDir), { recursive: true });
    // Two stacks starting at once (the integration and end-to-end tests) both fetch it: the first to finish
    // puts it in place (a rename: whole or not at all) and the other keeps that one, never removing a folder
    // a running Java may read.
    try {
      renameSync(path.join(workDir, 'package', 'emulator'), emulatorDir);
    } catch (error) {
      if (!existsSync(jarPath)) throw error;
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The program that starts DynamoDB Local bound to 127.0.0.1 (the jar alone listens on every interface and has
 * no option for it): a single file Java runs from source, which needs a JDK's compiler.
 */
const LOOPBACK_LAUNCHER = path.join(repoRoot, 'local', 'java', 'LoopbackDynamoDbLocal.java');

/** Whether this Java runs a program from source (a JDK has the jdk.compiler module; a JRE does not). */
async function javaCanRunSource(): Promise<boolean> {
  try {
    const { stdout } = await promisify(execFile)('java', ['--list-modules']);
    return /^jdk\.compiler@/m.test(stdout);
  } catch {
    return false;
  }
}

export function localDynamoDbClient(endpoint: string, region: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function startDynamoDbLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  region: string;
  /** Keep the table in memory only (tests' throw-away stacks): no file to write, nothing kept after a stop. */
  inMemory?: boolean;
}): Promise<{ service: Service; endpoint: string }> {
  const dbPath = path.join(options.dataDir, 'dynamodb');
  if (!options.inMemory) mkdirSync(dbPath, { recursive: true });
  const loopbackOnly = await javaCanRunSource();
  if (!loopbackOnly) step('DynamoDB Local listens on every network interface: this Java has no compiler (install a JDK to keep it on 127.0.0.1)');
  const libDir = path.join(emulatorDir, 'DynamoDBLocal_lib');
  const { service, exited } = startChild({
    name: 'dynamodb-local',
    command: 'java',
    args: [
      // A local table serves one person or one test run: the quick JIT and the plain collector use less CPU
      // (and start sooner) than the server defaults, whose peak throughput nothing here reaches.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${libDir}`,
      ...(loopbackOnly ? ['-cp', [jarPath, path.join(libDir, '*')].join(path.delimiter), LOOPBACK_LAUNCHER] : ['-jar', jarPath]),
      '-sharedDb',
      ...(options.inMemory ? ['-inMemory'] : ['-dbPath', dbPath]),
      '-port',
      String(options.port),
      '-disableTelemetry',
      // Its default allows every origin, so any web page open in the browser could read and write the
      // table. Nothing in a browser needs it: allow one origin no page can have.
      '-cors',
      'http://dynamodb-local.invalid',
    ],
    logDir: options.logDir,
    // It writes a metadata file into its working directory; keep that inside the data folder.
    spawnOptions: { cwd: options.dataDir },
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoDbClient(endpoint, options.region);
  try {
    await stopOnFailure(service, () =>
      waitUntil('DynamoDB Local', async () => (await client.send(new ListTablesCommand({}))) !== undefined, {
        timeoutMs: STARTUP_TIMEOUT_MS,
        exited,
      }),
    );
  } finally {
    client.destroy();
  }
  return { service, endpoint };
}

/** The same table the CDK data stack declares, from the same definition. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributeNames().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
  };
}

/**
 * Creates the table on the first start; later starts find it in the data folder and add any index the
 * definition gained since (a data folder made by an older version of the app).
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  const input = createTableInput(tableName);
  let existing: string[];
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? '');
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(input));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
    return 'created';
  }
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (existing.includes(index.IndexName ?? '')) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
  return 'existing';
}
