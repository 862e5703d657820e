import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * How every Lambda function is bundled, in one place: AppFunction hands `lambdaBundling` to NodejsFunction,
 * and bench/lambda-bundles.ts builds with `esbuildOptions`, the same settings as the esbuild call the CDK
 * makes from them, so the sizes and cold starts it measures are the deployed ones.
 */

/** The runtime and the bundle's language target move together. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;
const BUNDLE_TARGET = 'node22';

/** Bundled CommonJS dependencies still call require(); ESM has none, so give them one. */
const REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * The AWS SDK's default credential chain asks the environment first, and in Lambda the credentials are
 * there. Its other providers (SSO, profiles, processes, web identity, container and instance metadata) and the
 * STS/SSO clients they use are loaded by dynamic import() only when the environment has none, so in Lambda
 * they never load; left out of the bundle, they weigh nothing (elsewhere the runtime's own SDK would answer).
 */
const CREDENTIAL_PROVIDERS_NEVER_LOADED_IN_LAMBDA = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/nested-clients',
  '@smithy/credential-provider-imds',
];

/**
 * esbuild keeps "legal" comments (licences, and any `@preserve`, such as Powertools' coverage hints) at the
 * end of the bundle, where every cold start reads them; a LEGAL.txt file beside the bundle keeps them instead.
 */
const LEGAL_COMMENTS = 'external';

export const lambdaBundling = {
  format: OutputFormat.ESM,
  target: BUNDLE_TARGET,
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.EXTERNAL,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: REQUIRE_BANNER,
  // The AWS SDK is bundled (see bench/README.md: smaller cold starts than the runtime's copy, and the version
  // that was tested), all but the credential providers a Lambda function never loads.
  externalModules: CREDENTIAL_PROVIDERS_NEVER_LOADED_IN_LAMBDA,
  esbuildArgs: { '--legal-comments': LEGAL_COMMENTS },
} satisfies BundlingOptions;

/**
 * `lambdaBundling` as esbuild's build API takes it: what `esbuild --bundle <entry> --platform=node …` receives
 * from NodejsFunction. `externalModules` replaces the list, to measure the alternatives.
 */
export function esbuildOptions(
  entry: string,
  outfile: string,
  externalModules: readonly string[] = lambdaBundling.externalModules,
): BuildOptions & { entryPoints: string[]; outfile: string } {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: lambdaBundling.format,
    target: lambdaBundling.target,
    minify: lambdaBundling.minify,
    sourcemap: lambdaBundling.sourceMapMode,
    sourcesContent: lambdaBundling.sourcesContent,
    mainFields: lambdaBundling.mainFields,
    banner: { js: lambdaBundling.banner },
    legalComments: LEGAL_COMMENTS,
    external: [...externalModules],
  };
}
