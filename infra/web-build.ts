import { execFileSync } from 'node:child_process';
import { DockerImage, IgnoreMode } from 'aws-cdk-lib';
import { Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { repoRoot } from './paths.js';

/**
 * What the SPA build reads. Only these feed the asset hash, so a change elsewhere (functions/, infra/)
 * neither rebuilds nor redeploys the web app, and an unchanged hash lets synth skip the Vite build.
 */
const WEB_BUILD_INPUTS = ['web', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The built web app, produced at synth time by running Vite on this machine. */
export function webAppSource(): ISource {
  return Source.asset(repoRoot, {
    ignoreMode: IgnoreMode.GLOB,
    exclude: ['*', ...WEB_BUILD_INPUTS.flatMap((input) => [`!${input}`, `!${input}/**`]), 'node_modules', 'dist'],
    bundling: {
      // Required by the API but unused: local bundling below always runs or fails loudly.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:20'),
      local: {
        tryBundle(outputDir: string): boolean {
          execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', outputDir, '--emptyOutDir'], {
            cwd: repoRoot,
            // Vite's progress goes to stderr: `cdk synth` prints the template on stdout.
            stdio: ['ignore', process.stderr, 'inherit'],
          });
          return true;
        },
      },
    },
  });
}
