import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startChild, STARTUP_TIMEOUT_MS, stopOnFailure, waitUntil, type Service } from './child-process.js';
import { AUTO_CONFIRM_FUNCTION } from './auth-triggers.js';
import { repoRoot } from './settings.js';

const POOL_NAME = 'taskflow-local';
const CLIENT_NAME = 'web';

export interface LocalUserPool {
  readonly endpoint: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Tokens' issuer, the same form as Cognito's: <endpoint>/<poolId>. */
  readonly issuer: string;
}

export interface CodeDelivery {
  /** The Cognito operation that sent it: SignUp, ForgotPassword, ResendConfirmationCode… */
  readonly operation: string;
  readonly destination: string;
  readonly code: string;
}

/**
 * cognito-local logs each mail Cognito would send as an entry whose message is a box holding
 * 'Confirmation Code Delivery', the destination and the code; `target` names the operation. Our server
 * wrapper writes one JSON line per entry: this reads one such line.
 */
export function parseCodeDelivery(line: string): CodeDelivery | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { msg, target } = entry as { msg?: unknown; target?: unknown };
  if (typeof msg !== 'string' || typeof target !== 'string' || !msg.includes('Confirmation Code Delivery')) {
    return undefined;
  }
  const destination = /Destination:\s+(\S+)/.exec(msg)?.[1];
  const code = /Code:\s+(\w+)/.exec(msg)?.[1];
  return destination && code ? { operation: target, destination, code } : undefined;
}

export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  region: string;
  /** Where cognito-local invokes Lambda triggers (the local HTTP gateway). */
  lambdaEndpoint: string;
  /** The web app's port: the one origin browsers may call cognito-local from. */
  webPort: number;
  onCode: (delivery: CodeDelivery) => void;
}): Promise<{ service: Service; pool: LocalUserPool }> {
  const cwd = path.join(options.dataDir, 'cognito');
  const endpoint = `http://localhost:${options.port}`;
  mkdirSync(path.join(cwd, '.cognito'), { recursive: true });
  writeFileSync(
    path.join(cwd, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: options.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: { PreSignUp: AUTO_CONFIRM_FUNCTION },
        TokenConfig: { IssuerDomain: endpoint },
      },
      null,
      2,
    ),
  );
  let pending = '';
  const { service, exited } = startChild({
    name: 'cognito-local',
    command: process.execPath,
    // Absolute, because the child's working directory is its data folder.
    args: [
      '--import',
      pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
      path.join(repoRoot, 'local', 'cognito-local-server.ts'),
    ],
    logDir: options.logDir,
    spawnOptions: { cwd, env: { ...process.env, PORT: String(options.port), HOST: 'localhost', WEB_PORT: String(options.webPort) } },
    onOutput: (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const delivery = parseCodeDelivery(line);
        if (delivery) options.onCode(delivery);
      }
    },
  });

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const pool = await stopOnFailure(service, async () => {
    await waitUntil('cognito-local', async () => (await client.send(new ListUserPoolsCommand({ MaxResults: 60 }))) !== undefined, {
      timeoutMs: STARTUP_TIMEOUT_MS,
      exited,
    });
    return ensurePoolAndClient(client);
  }).finally(() => client.destroy());
  return { service, pool: { endpoint, ...pool, issuer: `${endpoint}/${pool.userPoolId}` } };
}

/** Created on the first start, found by name on later ones (cognito-local keeps them on disk). */
async function ensurePoolAndClient(
  client: CognitoIdentityProviderClient,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('cognito-local did not create the user pool');
  // Optional two-factor sign-in with an authenticator app, as the CDK auth stack configures the pool.
  await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));

  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((appClient) => appClient.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
  }
  if (!userPoolClientId) throw new Error('cognito-local did not create the app client');
  return { userPoolId, userPoolClientId };
}
