import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunks.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.WEB_PORT ?? 5173);

/**
 * The SPA. /config.json is not part of the build: the local stack serves it from memory and the CDK web
 * stack deploys it beside the built files, so one build runs anywhere.
 */
/** The web app's import aliases; vitest.config.ts uses the same. */
export const webAliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
};

export default defineConfig({
  root: webRoot,
  // Pre-bundled dependencies per checkout: worktrees share node_modules, and one stack re-bundling a
  // shared node_modules/.vite for its own import graph broke another's lazy chunks mid-run (504, "Failed
  // to fetch dynamically imported module").
  cacheDir: fileURLToPath(new URL('../.local/vite', import.meta.url)),
  plugins: [react()],
  resolve: { alias: webAliases },
  // Lightning CSS (a Vite dependency) compiles the stylesheets, so the named breakpoints of src/breakpoints.css
  // (@custom-media) become plain media queries in the output.
  css: {
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  server: {
    port,
    strictPort: true,
    // The app imports ../shared (zod schemas, rules) from outside web/.
    fs: { allow: [repoRoot] },
  },
  preview: { port, strictPort: true },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // A feature's public index (features/<name>/index.ts) only re-exports: without this it became an empty
      // file of its own, one more request before the pages that use it.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) },
      output: {
        codeSplitting: { groups: chunkGroups(webRoot) },
      },
    },
  },
});
