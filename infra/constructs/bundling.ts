import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { exportWorker, httpAuthorizer, httpRoutes, importWorker, scheduledJobs, streamConsumers, webhookSender, webSocketRoutes, workerFunctions } from '../../shared/routes.js';
import { repoRoot } from '../paths.js';

/**
 * How every Lambda function is bundled, in one place: `functionCode` builds all of them with `esbuildOptions`,
 * and bench/lambda-bundles.ts builds with the same, so the sizes and cold starts it measures are the deployed
 * ones.
 */

/** The runtime and the bundle's language target move together. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;
const BUNDLE_TARGET = 'node22';

/** Bundled CommonJS dependencies still call require(); ESM has none, so give them one. */
const REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * The AWS SDK is bundled (see bench/README.md: smaller cold starts than the runtime's copy, and the version
 * that was tested), all but the credential providers a Lambda function never loads. Its default credential
 * chain asks the environment first, and in Lambda the credentials are there. Its other providers (SSO,
 * profiles, processes, web identity, container and instance metadata) and the STS/SSO clients they use are
 * loaded by dynamic import() only when the environment has none, so in Lambda they never load; left out of
 * the bundle, they weigh nothing (elsewhere the runtime's own SDK would answer).
 */
export const LAMBDA_EXTERNAL_MODULES: readonly string[] = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/nested-clients',
  '@smithy/credential-provider-imds',
  // Loaded by dynamic import() only to ask the user pool (functions/lib/user-pool.ts: owners and admins of a
  // workspace that requires two-factor sign-in, and Settings' password checks), so it is the runtime's copy
  // rather than 34 KB more in every bundle that checks a membership.
  '@aws-sdk/client-cognito-identity-provider',
];

/**
 * esbuild keeps "legal" comments (licences, and any `@preserve`, such as Powertools' coverage hints) at the
 * end of the bundle, where every cold start reads them; a LEGAL.txt file beside the bundle keeps them instead.
 */
const LEGAL_COMMENTS = 'external';

/**
 * googleapis' generated API modules (functions/google/google-client.ts imports Calendar v3 and OAuth2 v2) take
 * one thing from googleapis-common, `createAPIRequest`; its index also loads google-auth-library's index, every
 * kind of Google credential (GoogleAuth, JWT, Compute, external accounts…, CommonJS that esbuild cannot shake),
 * which these functions never use: they bring google-auth-library's OAuth2 client alone. Resolved from
 * googleapis' own folder, as its `require` would.
 */
const GOOGLEAPIS_REQUEST = createRequire(path.join(repoRoot, 'node_modules', 'googleapis', 'package.json')).resolve(
  'googleapis-common/build/src/apirequest.js',
);

/**
 * Modules a bundle takes from elsewhere: node-fetch is the runtime's own fetch (functions/google/runtime-fetch.ts),
 * and googleapis-common is its request module alone (above); tests/infra/bundled-fetch.test.ts runs both bundled.
 */
const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  'node-fetch': path.join(repoRoot, 'functions', 'google', 'runtime-fetch.ts'),
  'googleapis-common': GOOGLEAPIS_REQUEST,
};

/**
 * What esbuild's build API takes for a function: `entry` bundled into `outfile` for the Lambda runtime.
 * `externalModules` replaces the list, to measure the alternatives (bench/lambda-bundles.ts).
 */
export function esbuildOptions(
  entry: string,
  outfile: string,
  externalModules: readonly string[] = LAMBDA_EXTERNAL_MODULES,
): BuildOptions & { entryPoints: string[]; outfile: string } {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    minify: true,
    // A map beside the bundle (NODE_OPTIONS=--enable-source-maps reads it), without the sources themselves.
    sourcemap: 'external',
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_BANNER },
    legalComments: LEGAL_COMMENTS,
    external: [...externalModules],
    alias: BUNDLE_ALIASES,
  };
}

/** Every handler module a Lambda function runs (shared/routes.ts), once each. */
export function functionHandlers(): string[] {
  const entries = [...httpRoutes, httpAuthorizer, ...webSocketRoutes, ...streamConsumers, webhookSender, ...workerFunctions, exportWorker, importWorker, ...scheduledJobs];
  return [...new Set(entries.map((entry) => entry.handler))];
}

/**
 * Inside the repository, at a fixed place, so the source maps' paths (relative to the bundle) and with them
 * the assets' hashes are the same on every machine.
 */
const bundlesDir = path.join(repoRoot, 'cdk.out', 'function-bundles');
let bundlesBuilt = false;

/**
 * Every function's bundle in one esbuild run, the first time a synth asks for one: some sixty runs of the
 * esbuild command, each started through npx as NodejsFunction does it, took half a minute of a synth.
 */
function buildAllBundles(): void {
  if (bundlesBuilt) return;
  rmSync(bundlesDir, { recursive: true, force: true });
  const { entryPoints: _entryPoints, outfile: _outfile, ...options } = esbuildOptions('', '');
  buildSync({
    ...options,
    entryPoints: Object.fromEntries(functionHandlers().map((handler) => [`${handler}/index`, path.join(repoRoot, `${handler}.ts`)])),
    outdir: bundlesDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  bundlesBuilt = true;
}

/**
 * A function's code: its bundle (index.mjs, its source map and LEGAL.txt, as NodejsFunction makes them), staged
 * as an asset named by the hash of its content. A synth that skips bundling (the infra tests) builds nothing.
 */
export function functionCode(handler: string): Code {
  return Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the API but unused: the local bundling below always runs or fails loudly.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      // Never run, but part of the staging's cache key: without something of the function's own in the
      // options, the CDK would hand every function the first one's bundle.
      command: ['bundle', handler],
      local: {
        tryBundle(outputDir: string): boolean {
          buildAllBundles();
          cpSync(path.join(bundlesDir, handler), outputDir, { recursive: true });
          return true;
        },
      },
    },
  });
}
