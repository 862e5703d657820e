import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startChild, waitUntil, type Service } from './child-process.js';
import { AUTO_CONFIRM_FUNCTION } from './auth-triggers.js';

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
 * cognito-local logs each mail Cognito would send as a boxed entry that ends in {"target":"<operation>"}.
 * Output arrives in arbitrary chunks, several entries or half of one at a time: this returns every complete
 * delivery in `buffer` and the unfinished rest to keep for the next chunk.
 */
export function parseCodeDeliveries(buffer: string): { deliveries: CodeDelivery[]; rest: string } {
  const deliveries: CodeDelivery[] = [];
  let consumed = 0;
  for (const end of buffer.matchAll(/"target":"(\w+)"\}/g)) {
    const entry = buffer.slice(consumed, (end.index ?? 0) + end[0].length);
    consumed += entry.length;
    if (!entry.includes('Confirmation Code Delivery')) continue;
    const destination = /Destination:\s+(\S+)/.exec(entry)?.[1];
    const code = /Code:\s+(\w+)/.exec(entry)?.[1];
    if (destination && code && end[1]) deliveries.push({ operation: end[1], destination, code });
  }
  return { deliveries, rest: buffer.slice(consumed) };
}

export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  region: string;
  /** Where cognito-local invokes Lambda triggers (the local HTTP gateway). */
  lambdaEndpoint: string;
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
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  let pending = '';
  const { service, exited } = startChild({
    name: 'cognito-local',
    command: process.execPath,
    args: [bin],
    logDir: options.logDir,
    spawnOptions: { cwd, env: { ...process.env, PORT: String(options.port), HOST: 'localhost', NO_COLOR: '1', FORCE_COLOR: '0' } },
    onOutput: (chunk) => {
      const { deliveries, rest } = parseCodeDeliveries(pending + chunk);
      deliveries.forEach(options.onCode);
      pending = rest.slice(-8000);
    },
  });

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitUntil('cognito-local', async () => (await client.send(new ListUserPoolsCommand({ MaxResults: 60 }))) !== undefined, {
    timeoutMs: 30_000,
    exited,
  });
  const pool = await ensurePoolAndClient(client);
  client.destroy();
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
