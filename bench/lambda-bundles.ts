/**
 * Every Lambda bundle's size, and the import + first-call time of a few in a fresh Node process.
 *
 *   npx tsx bench/lambda-bundles.ts [runs=5] [--sizes-only]
 *
 * Builds each function the CDK creates (shared/routes.ts: HTTP and WebSocket routes, stream consumers,
 * workers, scheduled jobs) with the esbuild options the CDK uses (infra/constructs/bundling.ts), three ways:
 * as deployed (the AWS SDK bundled but for credential providers Lambda never loads), with the whole SDK
 * bundled, and with @aws-sdk/* and @smithy/* left to the runtime (resolved here from node_modules, as the
 * nodejs22.x runtime resolves its own copy). Prints the sizes, the packages that weigh most and any package
 * a bundle loads from outside at import. Then, against a fresh local stack (ports from BENCH_PORT_BASE,
 * default 20050), runs each representative function `runs` times in a new `node` process: import of the
 * bundle, then one call with a real event for a signed-in user, each timed (wall and CPU) inside the process.
 * Prints figures; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { esbuildOptions, LAMBDA_EXTERNAL_MODULES } from '../infra/constructs/bundling.js';
import { repoRoot } from '../infra/paths.js';
import { exportWorker, httpAuthorizer, httpRoutes, routes, scheduledJobs, streamConsumers, webhookSender, webSocketRoutes, workerFunctions } from '../shared/routes.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import type { WebConfig } from '../shared/web-config.js';
import { runBench } from './bench-stack.js';

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5);
const sizesOnly = args.includes('--sizes-only');
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20050);
// Inside the repository, so that a bundle with the SDK left out finds it in node_modules.
const outDir = path.join(repoRoot, 'dist', 'lambda-bundles');

const functions = [...httpRoutes, httpAuthorizer, ...webSocketRoutes, ...streamConsumers, webhookSender, ...workerFunctions, exportWorker, ...scheduledJobs].map(
  ({ name, handler }) => ({ name, handler }),
);

/** What each build leaves out of the bundle, to load at run time from the runtime's node_modules. */
const variants = {
  // As the CDK builds them: the SDK bundled but for the credential providers Lambda never loads.
  deployed: LAMBDA_EXTERNAL_MODULES,
  'all-bundled': [],
  'sdk-external': ['@aws-sdk/*', '@smithy/*'],
} as const satisfies Record<string, readonly string[]>;
type Variant = keyof typeof variants;

interface Bundle {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
  readonly metafile: Metafile;
}

/** One build per function, as the CDK makes them, all at once (esbuild runs them side by side). */
function buildAll(variant: Variant): Promise<Bundle[]> {
  return Promise.all(
    functions.map(async ({ name, handler }) => {
      const file = path.join(outDir, variant, name, 'index.mjs');
      const result = await build({
        ...esbuildOptions(path.join(repoRoot, `${handler}.ts`), file, variants[variant]),
        metafile: true,
        logLevel: 'error',
      });
      return { name, file, bytes: statSync(file).size, metafile: result.metafile };
    }),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const spread = (values: readonly number[], unit: (value: number) => string) =>
  `${unit(Math.min(...values))} / ${unit(median(values))} / ${unit(Math.max(...values))}`;

/** The bundle's bytes by npm package (the app's own files as "app"). */
function bytesByPackage(metafile: Metafile): Map<string, number> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const key = match?.[1] ?? 'app';
      totals.set(key, (totals.get(key) ?? 0) + bytesInOutput);
    }
  }
  return totals;
}

/** Packages outside the bundle that its import loads at once (Node's own modules aside). */
function loadedAtImport(metafile: Metafile): string[] {
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  return [...new Set(imports.filter((entry) => entry.external && entry.kind !== 'dynamic-import' && !isBuiltin(entry.path)).map((entry) => entry.path))];
}

function reportSizes(variant: Variant, bundles: readonly Bundle[]): void {
  const sizes = bundles.map((bundle) => bundle.bytes);
  console.log(`\n${variant}: ${bundles.length} functions, min / median / max ${spread(sizes, kb)}`);
  const outside = [...new Set(bundles.flatMap((bundle) => loadedAtImport(bundle.metafile)))];
  console.log(`  loaded from the runtime's node_modules at import: ${outside.length > 0 ? outside.sort().join(', ') : 'nothing'}`);
  for (const bundle of [...bundles].sort((a, b) => b.bytes - a.bytes)) {
    const heaviest = [...bytesByPackage(bundle.metafile)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ');
    console.log(`  ${kb(bundle.bytes).padStart(8)}  ${bundle.name.padEnd(24)} ${heaviest}`);
  }
}

// --- cold starts ---------------------------------------------------------------------------------------

/**
 * Runs in the fresh process: imports the bundle and calls its handler once with the event from stdin, as the
 * Lambda runtime would, and prints the two times and the answer's status.
 */
const probe = `
const [file] = process.argv.slice(1);
const event = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const context = { functionName: 'bench', awsRequestId: 'bench', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:local:0:function:bench', getRemainingTimeInMillis: () => 29000 };
const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const started = performance.now();
const startedCpu = cpuMs();
import(require('node:url').pathToFileURL(file).href).then(async ({ handler }) => {
  const imported = performance.now();
  const importedCpu = cpuMs();
  const result = await handler(event, context);
  const called = performance.now();
  console.log(JSON.stringify({
    importMs: imported - started, importCpuMs: importedCpu - startedCpu,
    callMs: called - imported, callCpuMs: cpuMs() - importedCpu, status: result?.statusCode,
  }));
});
`;
interface ColdStart {
  readonly importMs: number;
  readonly importCpuMs: number;
  readonly callMs: number;
  readonly callCpuMs: number;
  readonly status: number | undefined;
}

async function coldStart(file: string, event: object): Promise<ColdStart> {
  // Source maps on, as the deployed functions run (their NODE_OPTIONS).
  const child = execFile(process.execPath, ['--enable-source-maps', '--input-type=commonjs', '-e', probe, file], {
    cwd: path.dirname(file),
    env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
  });
  const output = new Promise<string>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${file} exited ${code}: ${stderr}`))));
  });
  child.stdin?.end(JSON.stringify(event));
  return JSON.parse((await output).trim().split('\n').pop() ?? '{}') as ColdStart;
}

/** An HTTP API (payload 2.0) event as API Gateway sends it after its Lambda authorizer passed a session. */
function httpEvent(
  route: { method: string; path: string },
  rawPath: string,
  options: { claims?: Record<string, string>; pathParameters?: Record<string, string>; body?: unknown } = {},
): object {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(options.claims ? { authorizer: { lambda: options.claims } } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    isBase64Encoded: false,
  };
}

/** The authorizer's context for a signed-in person (functions/auth/http-authorizer.ts), from their ID token. */
function claimsOf(idToken: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { via: 'session', userId: String(payload.sub), email: String(payload.email), emailVerified: String(payload.email_verified), expiresAt: String(payload.exp) };
}

async function measureColdStarts(config: WebConfig, bundlesByVariant: Record<Variant, readonly Bundle[]>): Promise<void> {
  const user = await signUpAndSignIn(config);
  const token = { token: user.idToken };
  const created = await callApi(config, 'POST', '/workspaces', { ...token, body: { name: 'Bench' } });
  const workspaceId = routes.CreateWorkspace.response.parse(created.body).workspace.id;
  const createdProject = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects`, { ...token, body: { name: 'Bench project' } });
  const projectId = routes.CreateProject.response.parse(createdProject.body).project.id;
  const claims = claimsOf(user.idToken);
  const base = `/workspaces/${workspaceId}`;
  const cases = [
    { name: routes.Health.name, event: httpEvent(routes.Health, '/health') },
    { name: routes.ListProjects.name, event: httpEvent(routes.ListProjects, `${base}/projects`, { claims, pathParameters: { workspaceId } }) },
    {
      name: routes.CreateTask.name,
      event: httpEvent(routes.CreateTask, `${base}/projects/${projectId}/tasks`, {
        claims,
        pathParameters: { workspaceId, projectId },
        body: { title: 'Cold start' },
      }),
    },
    { name: routes.GetDashboard.name, event: httpEvent(routes.GetDashboard, `${base}/dashboard`, { claims, pathParameters: { workspaceId } }) },
    {
      name: routes.ListGoogleAccounts.name,
      event: httpEvent(routes.ListGoogleAccounts, `${base}/google-calendar/accounts`, { claims, pathParameters: { workspaceId } }),
    },
    // The one Google route here that loads the googleapis client (for the consent URL).
    {
      name: routes.GetGoogleAuthUrl.name,
      event: httpEvent(routes.GetGoogleAuthUrl, `${base}/google-calendar/auth-url`, { claims, pathParameters: { workspaceId } }),
    },
  ];
  // Round after round of every function and variant, so that a busy moment of the machine hits them alike.
  const samples = new Map<string, ColdStart[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const { name, event } of cases) {
      for (const variant of Object.keys(variants) as Variant[]) {
        const bundle = bundlesByVariant[variant].find((candidate) => candidate.name === name);
        if (!bundle) throw new Error(`No bundle for ${name}`);
        const key = `${name} ${variant}`;
        samples.set(key, [...(samples.get(key) ?? []), await coldStart(bundle.file, event)]);
      }
    }
  }
  console.log(`\nCold starts: ${runs} fresh node processes per function and variant; median (min–max) in ms; CPU = this process's user + system time`);
  const columns = ['import', 'import CPU', 'first call', 'first call CPU', 'import + call'];
  console.log(`  ${'function'.padEnd(20)} ${'variant'.padEnd(13)} ${columns.map((column) => column.padEnd(15)).join(' ')} status`);
  const figure = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  for (const [key, runsOf] of samples) {
    const [name = '', variant = ''] = key.split(' ');
    const figures = [
      runsOf.map((s) => s.importMs),
      runsOf.map((s) => s.importCpuMs),
      runsOf.map((s) => s.callMs),
      runsOf.map((s) => s.callCpuMs),
      runsOf.map((s) => s.importMs + s.callMs),
    ].map((values) => figure(values).padEnd(15));
    console.log(`  ${name.padEnd(20)} ${variant.padEnd(13)} ${figures.join(' ')} ${[...new Set(runsOf.map((s) => s.status))].join(',')}`);
  }
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const bundlesByVariant = {
  deployed: await buildAll('deployed'),
  'all-bundled': await buildAll('all-bundled'),
  'sdk-external': await buildAll('sdk-external'),
};
for (const variant of Object.keys(variants) as Variant[]) reportSizes(variant, bundlesByVariant[variant]);
writeFileSync(
  path.join(outDir, 'sizes.json'),
  JSON.stringify(Object.fromEntries(Object.entries(bundlesByVariant).map(([variant, bundles]) => [variant, bundles.map(({ name, bytes }) => ({ name, bytes }))])), null, 2),
);
if (!sizesOnly) runBench(portBase, (config) => measureColdStarts(config, bundlesByVariant));
