import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type http from 'node:http';
import path from 'node:path';
import type { AuthorizerContext } from '../functions/lib/caller.js';
import { createTokenVerifier } from '../functions/lib/token-verifier.js';
import type { WebConfig } from '../shared/web-config.js';
import { exportWorker, httpRoutes, importWorker, scheduledJobs, streamConsumers, webhookSender, webSocketRoutes, workerFunctions } from '../shared/routes.js';
import { invokeAuthTrigger } from './auth-triggers.js';
import { invoke } from './lambda-runtime.js';
import type { Service } from './child-process.js';
import { startCognitoLocal } from './cognito-local.js';
import { ensureDynamoDbLocalJar, ensureTable, localDynamoDbClient, startDynamoDbLocal } from './dynamodb-local.js';
import { createHttpGateway } from './http-gateway.js';
import { step } from './log.js';
import { OUTBOX_PATHS, createOutbox } from './outbox.js';
import { checkJava, checkPorts } from './prerequisites.js';
import { localRequestGuard, type LocalRequestGuard } from './request-guard.js';
import { startS3StandIn } from './s3-stand-in.js';
import { startScheduler } from './scheduler.js';
import { mailLinkKeyFile, type LocalSettings } from './settings.js';
import { startStreamPoller } from './stream-poller.js';
import { createWebhookQueues, handleSqsCall, LOCAL_SQS_PATH, startQueuePoller } from './webhook-queue.js';
import { rememberVerifiedTokens } from './verified-tokens.js';
import { createWebSocketGateway } from './websocket-gateway.js';

/** The attachments bucket's name on the local stack (the S3 stand-in's one bucket). */
const LOCAL_ATTACHMENTS_BUCKET = 'taskflow-local-attachments';

/** The From address of mail sent on the local stack; it only ever reaches the outbox. */
const LOCAL_MAIL_SENDER = 'noreply@taskflow.local';

export interface LocalStack {
  readonly webConfig: WebConfig;
  readonly webUrl?: string;
  readonly googleUrl: string;
  /** The S3 stand-in holding attachments (its one bucket is LOCAL_ATTACHMENTS_BUCKET). */
  readonly filesUrl: string;
  /** What the Google stand-in's /_control/ operations require in `x-control-secret` (tests steer it with them). */
  readonly controlSecret: string;
  stop(): Promise<void>;
}

/**
 * Made at each start (or handed down by a test runner, LOCAL_CONTROL_SECRET): the fake AWS endpoints the
 * functions call (SES, Lambda Invoke) are served only under /_local/<secret>/, and the Google stand-in's
 * control operations ask for it, so nothing on this machine that does not know it (another user, a web page)
 * can send mail as the app, start functions or steer Google.
 */
function controlSecretOfThisStart(): string {
  return process.env.LOCAL_CONTROL_SECRET || randomBytes(24).toString('base64url');
}

/** The path below the secret prefix (`/_local/<secret>/…`), or undefined for any other path. */
function behindSecret(url: URL, prefix: string): URL | undefined {
  if (!url.pathname.startsWith(`${prefix}/`)) return undefined;
  return new URL(`${url.pathname.slice(prefix.length)}${url.search}`, url);
}

async function listen(server: http.Server, port: number): Promise<Service & { server: http.Server }> {
  server.listen(port, 'localhost');
  await once(server, 'listening');
  return {
    name: `server:${port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts every local stand-in for the AWS parts and wires the same handler modules Lambda runs.
 * `web: false` starts the back end only (integration tests).
 */
export async function startLocalStack(
  settings: LocalSettings,
  options: { web: boolean; quiet?: boolean; checkContracts?: boolean },
): Promise<LocalStack> {
  const logDir = path.join(settings.dataDir, 'logs');
  const services: Service[] = [];
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(stops.map((stopOne) => stopOne()));
    // Newest first, one at a time: handlers still running during shutdown find the table up.
    for (const service of services.reverse()) await service.stop();
  };
  const say = (message: string): void => {
    if (!options.quiet) step(message);
  };

  try {
    await checkJava();
    const { web: webPort, ...backendPorts } = settings.ports;
    await checkPorts(options.web ? settings.ports : backendPorts);
    await ensureDynamoDbLocalJar();

    say(`DynamoDB Local on port ${settings.ports.dynamodb} (${settings.dynamoDbInMemory ? 'in memory' : `data in ${path.relative(process.cwd(), settings.dataDir) || '.'}`})`);
    const dynamo = await startDynamoDbLocal({
      port: settings.ports.dynamodb,
      dataDir: settings.dataDir,
      logDir,
      region: settings.region,
      inMemory: settings.dynamoDbInMemory,
    });
    services.push(dynamo.service);
    const dynamoClient = localDynamoDbClient(dynamo.endpoint, settings.region);
    const table = await ensureTable(dynamoClient, settings.tableName);

    const apiUrl = `http://localhost:${settings.ports.api}`;
    const webSocketUrl = `ws://localhost:${settings.ports.webSocket}`;
    const controlSecret = controlSecretOfThisStart();
    const secretPrefix = `/_local/${controlSecret}`;
    const webhookQueues = createWebhookQueues(`${apiUrl}${secretPrefix}${LOCAL_SQS_PATH}`, webhookSender);
    const guard: LocalRequestGuard = localRequestGuard(settings.ports.web);
    // Google's OAuth and Calendar API, answered by a stand-in; the handlers reach it by GOOGLE_ENDPOINT_URL only.
    const { LOCAL_GOOGLE_CLIENT, startGoogleStandIn } = await import('./google-stand-in/index.js');
    const google = await startGoogleStandIn({
      port: settings.ports.google,
      host: 'localhost',
      grantsFile: path.join(settings.dataDir, 'google-grants.json'),
      guard,
      controlSecret,
    });
    services.push({ name: 'google-stand-in', stop: () => google.close() });
    // The attachments bucket, answered by a stand-in; the handlers reach it by AWS_ENDPOINT_URL_S3 only.
    const files = await startS3StandIn({
      port: settings.ports.files,
      host: 'localhost',
      dir: path.join(settings.dataDir, 's3'),
      buckets: [LOCAL_ATTACHMENTS_BUCKET],
      region: settings.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      guard,
    });
    services.push({ name: 's3-stand-in', stop: () => files.close() });
    Object.assign(process.env, {
      TABLE_NAME: settings.tableName,
      AWS_REGION: settings.region,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      WEBSOCKET_ENDPOINT: `http://localhost:${settings.ports.webSocket}`,
      POWERTOOLS_SERVICE_NAME: 'taskflow-local',
      POWERTOOLS_LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      // No CloudWatch here: metrics would only be EMF lines on stdout.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Mail goes through the real SES client to the gateway's fake SES endpoint (the outbox).
      AWS_ENDPOINT_URL_SES: `${apiUrl}${secretPrefix}${OUTBOX_PATHS.ses}`,
      MAIL_SENDER: LOCAL_MAIL_SENDER,
      WEB_URL: `http://localhost:${settings.ports.web}`,
      // The chat worker is invoked through the unchanged Lambda client, answered by the HTTP gateway below.
      AWS_ENDPOINT_URL_LAMBDA: `${apiUrl}${secretPrefix}`,
      CHAT_WORKER_FUNCTION: workerFunctions[0].name,
      EXPORT_WORKER_FUNCTION: exportWorker.name,
      IMPORT_WORKER_FUNCTION: importWorker.name,
      GOOGLE_CLIENT_ID: LOCAL_GOOGLE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: LOCAL_GOOGLE_CLIENT.clientSecret,
      GOOGLE_ENDPOINT_URL: google.url,
      // Refresh tokens are sealed with a key kept beside the data (KMS does this in AWS).
      GOOGLE_TOKEN_KEY_FILE: path.join(settings.dataDir, 'google-token.key'),
      // The key that signs mails' unsubscribe links (Secrets Manager in AWS), kept so old links keep working.
      MAIL_LINK_KEY_FILE: mailLinkKeyFile(settings.dataDir),
      // Webhooks may go to a receiver on this machine (http://localhost…); in AWS they are https to public hosts only.
      WEBHOOKS_ALLOW_LOCAL_HTTP: 'true',
      // The webhook delivery queues: the real SQS client, answered by the gateway (local/webhook-queue.ts).
      AWS_ENDPOINT_URL_SQS: `${apiUrl}${secretPrefix}${LOCAL_SQS_PATH}`,
      WEBHOOK_QUEUE_URL: webhookQueues.deliveriesUrl,
      // Attachments: the real S3 client, answered by the stand-in (presigned URLs point the browser there too).
      AWS_ENDPOINT_URL_S3: files.url,
      ATTACHMENTS_BUCKET: LOCAL_ATTACHMENTS_BUCKET,
    });
    // Loaded once the environment names the table. A data folder from an older version is upgraded first.
    const layout = await import('../functions/data/migrations/project-partitions.js');
    if (table === 'created') await layout.markCurrentLayout();
    else if (!(await layout.tableHasCurrentLayout())) {
      const upgraded = await layout.migrateToProjectPartitions();
      say(`Upgraded the data folder: ${upgraded.moved} tasks, milestones and notes moved, ${upgraded.projects} projects counted`);
    }
    say(`Table ${settings.tableName} ready; Google stand-in on ${google.url}; S3 stand-in (attachments) on ${files.url}`);

    // The gateway starts before cognito-local, which calls it for the sign-up trigger.
    let authorize: (authorization: string) => Promise<AuthorizerContext> = () => Promise.reject(new Error('Auth not ready'));
    const outbox = createOutbox(settings.dataDir);
    const gateway = createHttpGateway({
      routes: httpRoutes,
      guard,
      // The outbox's pages for the developer's browser; its SES endpoint only under the secret.
      localEndpoints: (method, url, body) => {
        const inner = behindSecret(url, secretPrefix);
        return inner ? outbox.handle(method, inner, body) : method === 'GET' ? outbox.handle(method, url, body) : Promise.resolve(undefined);
      },
      authorize: (authorization) => authorize(authorization),
      extraRequestHandler: async (request, url, body) => {
        const inner = behindSecret(url, secretPrefix);
        const sqsTarget = request.headers['x-amz-target'];
        if (request.method === 'POST' && inner?.pathname.startsWith(LOCAL_SQS_PATH) && typeof sqsTarget === 'string') {
          return handleSqsCall(webhookQueues.byUrl, sqsTarget, JSON.parse(body.toString('utf8')) as Record<string, unknown>);
        }
        const trigger = inner && /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(inner.pathname);
        if (request.method !== 'POST' || !trigger?.[1]) return undefined;
        const name = decodeURIComponent(trigger[1]);
        const payload: unknown = JSON.parse(body.toString('utf8'));
        const worker = [...workerFunctions, exportWorker, importWorker].find((candidate) => candidate.name === name);
        if (!worker) return invokeAuthTrigger(name, payload);
        // An Event invocation: answered at once, run in the background as Lambda would.
        void invoke(worker, payload).catch((error: unknown) => console.error(`${worker.name} failed`, error));
        return {};
      },
      onRequest: options.quiet || process.env.LOG_REQUESTS === '0' ? undefined : (line) => console.log(`    api ${line}`),
      checkContracts: options.checkContracts,
    });
    services.push(await listen(gateway, settings.ports.api));
    say(`HTTP API on ${apiUrl} (${httpRoutes.length} routes)`);

    const cognito = await startCognitoLocal({
      port: settings.ports.cognito,
      dataDir: settings.dataDir,
      logDir,
      region: settings.region,
      lambdaEndpoint: `${apiUrl}${secretPrefix}`,
      webPort: settings.ports.web,
      // Sign-ups are confirmed by the local trigger, so only other codes (password reset) matter.
      onCode: ({ operation, destination, code }) => {
        if (operation !== 'SignUp') console.log(`\n  ✉ ${operation} code for ${destination}: ${code}  (the e-mail Cognito would send)\n`);
      },
    });
    services.push(cognito.service);
    Object.assign(process.env, { AUTH_ISSUER: cognito.pool.issuer, AUTH_AUDIENCE: cognito.pool.userPoolClientId });
    const verifyToken = rememberVerifiedTokens(createTokenVerifier({ issuer: cognito.pool.issuer, audience: cognito.pool.userPoolClientId }));
    // Loaded once the environment names the table: the HTTP API's own authorizer, run in process.
    const { authorizeHeader } = await import('../functions/auth/http-authorizer.js');
    authorize = (authorization) => authorizeHeader(authorization, verifyToken);
    say(`cognito-local on ${cognito.pool.endpoint} (user pool ${cognito.pool.userPoolId})`);

    const webSockets = createWebSocketGateway({ routes: webSocketRoutes, guard });
    const webSocketServer = await listen(webSockets.server, settings.ports.webSocket);
    services.push({
      name: 'websocket-gateway',
      stop: async () => {
        await webSockets.closeAll();
        await webSocketServer.stop();
      },
    });
    say(`WebSocket API on ${webSocketUrl}`);

    const poller = await startStreamPoller({
      dynamoDb: dynamoClient,
      endpoint: dynamo.endpoint,
      region: settings.region,
      tableName: settings.tableName,
      consumers: streamConsumers,
      intervalMs: settings.streamPollMs,
    });
    stops.push(poller.stop);
    const sender = startQueuePoller({
      queue: webhookQueues.deliveries,
      queueArn: `arn:aws:sqs:${settings.region}:000000000000:webhook-deliveries`,
      consumer: webhookSender,
      batchSize: webhookSender.batchSize,
    });
    stops.push(sender.stop);
    const scheduler = startScheduler(scheduledJobs);
    stops.push(scheduler.stop);
    say(`Table stream → ${streamConsumers.map((consumer) => consumer.name).join(', ')}; webhook queue → ${webhookSender.name}; schedules: ${scheduledJobs.map((job) => job.name).join(', ')}`);

    const webConfig: WebConfig = {
      stage: 'local',
      region: settings.region,
      apiUrl,
      webSocketUrl,
      userPoolId: cognito.pool.userPoolId,
      userPoolClientId: cognito.pool.userPoolClientId,
      userPoolEndpoint: cognito.pool.endpoint,
      outboxUrl: `${apiUrl}${OUTBOX_PATHS.page}`,
    };

    let webUrl: string | undefined;
    if (options.web) {
      const { startWebServer } = await import('./web-server.js');
      const webServer = await startWebServer({ port: webPort, webConfig, guard, ...(settings.webDist ? { dist: settings.webDist } : {}) });
      services.push(webServer.service);
      webUrl = webServer.url;
      say(settings.webDist ? `Web app (built, from ${settings.webDist}) on ${webUrl}` : `Web app (Vite) on ${webUrl}`);
    }
    return { webConfig, ...(webUrl ? { webUrl } : {}), googleUrl: google.url, filesUrl: files.url, controlSecret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
