import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, apiError, isAppPath } from '@holgura/contracts';

/**
 * Serves the built React app: hashed assets cached for a year and sent precompressed (brotli or
 * gzip, as the browser accepts), the shell never cached, and the shell for every non-API path (status 404 when the path is not one of the app's pages).
 * Returns false when there is no build to serve (API-only, e.g. `npm run dev` behind Vite).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each asset (vite-plugin-compression2): sent
      // as they are, with Content-Encoding and Vary, no compression work per request.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith(`${API_PREFIX}/`) || pathname === API_PREFIX || !hasBuild) {
      return reply.status(404).send(apiError('ROUTE_NOT_FOUND'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(apiError('ROUTE_NOT_FOUND'));
    }
    return reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html');
  });
  return hasBuild;
}
