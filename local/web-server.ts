import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { WebConfig } from '../shared/web-config.js';
import type { Service } from './child-process.js';
import { repoRoot } from './settings.js';

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

export async function startWebServer(options: { port: number; webConfig: WebConfig }): Promise<{ service: Service; url: string }> {
  const server = await createServer({
    configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
    plugins: [serveWebConfig(options.webConfig)],
    server: { port: options.port, strictPort: true, host: 'localhost' },
    logLevel: 'warn',
    clearScreen: false,
  });
  await server.listen();
  return {
    url: `http://localhost:${options.port}`,
    service: { name: 'vite', stop: () => server.close() },
  };
}
