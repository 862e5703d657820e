import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { WebConfig } from '../shared/web-config.js';
import type { Service } from './child-process.js';
import { LocalStackError } from './log.js';
import type { LocalRequestGuard } from './request-guard.js';
import { repoRoot } from './settings.js';
import { createStaticSite } from './static-site.js';

/** Serves /config.json from memory, as the CDK web stack serves the deployed file. */
function serveWebConfig(webConfig: WebConfig): Plugin {
  return {
    name: 'local-web-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(webConfig));
      });
    },
  };
}

async function startViteDevServer(port: number, webConfig: WebConfig): Promise<Service> {
  const server = await createServer({
    configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
    plugins: [serveWebConfig(webConfig)],
    server: { port, strictPort: true, host: 'localhost' },
    logLevel: 'warn',
    clearScreen: false,
  });
  await server.listen();
  return { name: 'vite', stop: () => server.close() };
}

async function startBuiltSite(port: number, webConfig: WebConfig, root: string, guard?: LocalRequestGuard): Promise<Service> {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new LocalStackError(`WEB_DIST is ${root}, which holds no built app: run \`npm run build:web\` first`);
  }
  const server = createStaticSite({ root, config: webConfig, ...(guard ? { guard } : {}) });
  server.listen(port, 'localhost');
  await once(server, 'listening');
  return {
    name: 'web (built)',
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The web app: Vite's dev server (modules transformed on request, for development), or with `dist` a
 * production build served as CloudFront serves it (what the end-to-end tests load). Vite checks Host itself
 * (`server.allowedHosts`: localhost names only) and answers no foreign origin's CORS; the built site is guarded.
 */
export async function startWebServer(options: { port: number; webConfig: WebConfig; dist?: string; guard?: LocalRequestGuard }): Promise<{ service: Service; url: string }> {
  const service = options.dist
    ? await startBuiltSite(options.port, options.webConfig, options.dist, options.guard)
    : await startViteDevServer(options.port, options.webConfig);
  return { url: `http://localhost:${options.port}`, service };
}
