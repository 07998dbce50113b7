import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  clientConfigResponseSchema,
  healthResponseSchema,
} from '@holgura/contracts';
import { SQLITE_FILE_NAME } from './db/database';
import { buildTestApp, makeTempDir } from './app.test-support';

function fakeWebBuild(): string {
  const dir = makeTempDir('holgura-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Holgura</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

describe('buildApp', () => {
  it('answers GET /api/health with the server version', async () => {
    const { server } = await buildTestApp();
    const response = await server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('tells the web app the configured support address in GET /api/config', async () => {
    const { server } = await buildTestApp({ supportEmail: 'ayuda@operador.co' });
    const response = await server.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(clientConfigResponseSchema.parse(response.json()).supportEmail).toBe(
      'ayuda@operador.co',
    );
  });

  it('tells the web app the address PUBLIC_URL names, or null when it is the default', async () => {
    const set = await buildTestApp({ publicUrl: 'https://holgura.operador.co/' });
    const told = await set.server.inject({ method: 'GET', url: '/api/config' });
    expect(clientConfigResponseSchema.parse(told.json()).publicUrl).toBe(
      'https://holgura.operador.co',
    );
    const unset = await buildTestApp();
    const none = await unset.server.inject({ method: 'GET', url: '/api/config' });
    expect(clientConfigResponseSchema.parse(none.json()).publicUrl).toBeNull();
  });

  it('keeps its data in a SQLite file under DATA_DIR', async () => {
    const dataDir = makeTempDir('holgura-data-');
    await buildTestApp({ dataDir });
    expect(fs.existsSync(path.join(dataDir, SQLITE_FILE_NAME))).toBe(true);
  });

  it('opens an existing database a second time without re-running migrations', async () => {
    const dataDir = makeTempDir('holgura-data-');
    const first = await buildTestApp({ dataDir });
    await first.server.close();
    const second = await buildTestApp({ dataDir });
    const response = await second.server.inject({ method: 'GET', url: '/api/stats' });
    expect(response.statusCode).toBe(200);
  });

  it('answers unknown API routes with a coded Spanish JSON error', async () => {
    const { server } = await buildTestApp({ webDistDir: fakeWebBuild() });
    const response = await server.inject({ method: 'GET', url: '/api/nada' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'La ruta solicitada no existe',
    });
  });

  it('serves the app shell for its pages with 200 and for other paths with 404', async () => {
    const { server, servesWebApp } = await buildTestApp({ webDistDir: fakeWebBuild() });
    expect(servesWebApp).toBe(true);
    for (const url of [
      '/',
      '/analisis',
      '/resultados',
      '/demo',
      '/demo/',
      '/documentacion',
      '/?x=1',
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const missing = await server.inject({ method: 'GET', url: '/no-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Holgura</title>');
  });

  it('caches hashed assets for a year', async () => {
    const { server } = await buildTestApp({ webDistDir: fakeWebBuild() });
    const response = await server.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s brotli or gzip copy of an asset and of the shell, as the browser accepts', async () => {
    const dir = fakeWebBuild();
    const script = 'console.log("Holgura");'.repeat(100);
    fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(script));
    fs.writeFileSync(
      path.join(dir, 'index.html.gz'),
      gzipSync('<!doctype html><title>Holgura</title>'),
    );
    const { server } = await buildTestApp({ webDistDir: dir });
    const get = (url: string, encoding: string) =>
      server.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

    const br = await get('/assets/big-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/big-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/big-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const shell = await get('/resultados', 'gzip');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('<title>Holgura</title>');
  });

  it('compresses JSON answers over 1 KB, brotli first, and leaves small ones alone', async () => {
    const { server } = await buildTestApp();
    const docs = await server.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    const health = await server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('runs API-only when there is no web build', async () => {
    const { server, servesWebApp } = await buildTestApp();
    expect(servesWebApp).toBe(false);
    const response = await server.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('reports that nobody is signed in while accounts are not served', async () => {
    const { server } = await buildTestApp();
    const response = await server.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with every route and a browsable page', async () => {
    const { server } = await buildTestApp();
    const document = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/stats',
        '/api/profile',
        '/api/cases',
        '/api/casesCalculate/calculate',
        '/api/jobs/{jobId}/events',
      ]),
    );
    const page = await server.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('request limits', () => {
  it('refuses an oversized JSON body with 413 and the Spanish message', async () => {
    const { server } = await buildTestApp();
    const response = await server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).error).toEqual({
      code: 'REQUEST_TOO_LARGE',
      message: 'La solicitud es demasiado grande',
    });
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing, nosniff and a referrer policy', async () => {
    const { server } = await buildTestApp({ webDistDir: fakeWebBuild() });
    const response = await server.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
