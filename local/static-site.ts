import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { refusedByGuard, type LocalRequestGuard } from './request-guard.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The built web app served as CloudFront serves it: the files of `root`, `/config.json` from memory (the web
 * stack deploys it beside the build), and index.html for every other path (the SPA's routes). Hashed files
 * under /assets may be cached for good; index.html never, so a new build is picked up at once.
 */
export function createStaticSite(options: { root: string; config?: object; guard?: LocalRequestGuard }): http.Server {
  const root = path.resolve(options.root);
  const configJson = options.config ? JSON.stringify(options.config) : undefined;
  return http.createServer((request, response) => {
    void (async () => {
      if (refusedByGuard(options.guard, request, response)) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      if (configJson !== undefined && pathname === '/config.json') {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(configJson);
        return;
      }
      const requested = path.join(root, pathname);
      const found = pathname !== '/' && requested.startsWith(root + path.sep) && (await isFile(requested));
      const file = found ? requested : path.join(root, 'index.html');
      const immutable = found && pathname.startsWith('/assets/');
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
}
