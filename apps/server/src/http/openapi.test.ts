import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../app.test-support';
import { defineRoute } from './api-route';
import { openApiDocument, registeredRoutes, registerOpenApi } from './openapi';

interface Document {
  servers: { url: string }[];
  tags: { name: string }[];
  components: { securitySchemes: { sessionCookie: { name: string } } };
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

/**
 * Routes under /api deliberately left out of the document: better-auth's endpoints (one
 * wildcard route; the document's introduction names the ones a client needs) and the pages of
 * /api/docs itself.
 */
const undocumented = [/^\/api\/auth\/\*$/, /^\/api\/docs(\/|$)/];

/** `METHOD /path` of every route under /api that is neither documented nor allowed not to be. */
async function missingFromDocument(server: FastifyInstance) {
  const document = (
    await server.inject({ method: 'GET', url: '/api/openapi.json' })
  ).json() as Document;
  return registeredRoutes(server)
    .filter(({ method, url }) => url.startsWith('/api') && method !== 'HEAD')
    .filter(({ url }) => !undocumented.some((pattern) => pattern.test(url)))
    .map(({ method, url }) => ({ method, path: url.replace(/:(\w+)/g, '{$1}') }))
    .filter(({ method, path }) => document.paths[path]?.[method.toLowerCase()] === undefined)
    .map(({ method, path }) => `${method} ${path}`);
}

async function documentOf(server: FastifyInstance) {
  return (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
}

const bare: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(bare.splice(0).map((app) => app.close()));
});

describe('OpenAPI document', () => {
  it('documents every route the app registers under /api', async () => {
    const { server } = await buildTestApp();
    await server.ready();
    const urls = registeredRoutes(server).map(({ url }) => url);
    // The allow-list names routes that exist: it cannot hide a route that was renamed.
    for (const pattern of undocumented) expect(urls.some((url) => pattern.test(url))).toBe(true);
    expect(urls.length).toBeGreaterThan(30);
    expect(await missingFromDocument(server)).toEqual([]);
  });

  it('finds a route registered without a contract', async () => {
    const server = Fastify();
    bare.push(server);
    await registerOpenApi(server, 'http://localhost:8080');
    server.get('/api/sin-contrato', () => ({}));
    defineRoute(server, {
      method: 'POST',
      url: '/api/con-contrato',
      tag: 'Casos',
      summary: 'Prueba',
      responses: { 200: z.object({}) },
      handler: () => ({}),
    });
    expect(await missingFromDocument(server)).toEqual(['GET /api/sin-contrato']);
  });

  it('writes each operation from its contract: sign-in, path, query, body and error codes', async () => {
    const { server } = await buildTestApp();
    const { paths, servers, tags } = await documentOf(server);
    // PUBLIC_URL unset: relative, so «Probar» calls the address the page was opened at.
    expect(servers).toEqual([
      { url: '/', description: 'La dirección desde la que se abrió esta documentación' },
    ]);
    expect(tags.map((tag) => tag.name)).toContain('Descargas');

    const upsert = paths['/api/cases/{caseId}']!.put!;
    expect(upsert.security).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(upsert.parameters).toEqual([
      expect.objectContaining({ name: 'caseId', in: 'path', required: true }),
    ]);
    expect(upsert.parameters![0]!.schema.pattern).toBeDefined();
    expect(Object.keys(upsert.requestBody!.content)).toEqual(['application/json']);
    expect(Object.keys(upsert.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '429',
      '503',
    ]);
    const notFound = upsert.responses['404']!.content!['application/json']!.schema as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(notFound.properties.error.properties.code.enum).toEqual(['CASE_NOT_FOUND']);

    const generators = paths['/api/cases/{caseId}/export/generators.csv']!.get!;
    expect(
      generators.parameters!.map(({ name, in: where, required }) => [name, where, required]),
    ).toEqual([
      ['caseId', 'path', true],
      ['constraint', 'query', true],
      ['level', 'query', true],
      // Issue #21: which group's analysis and which figure (attributable or strict).
      ['analysis', 'query', false],
      ['figure', 'query', false],
    ]);
    expect(Object.keys(generators.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
      '409',
      '500',
      '503',
    ]);

    const upload = paths['/api/casesCalculate/calculate']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual([
      'application/x-xz',
      'application/octet-stream',
      'text/plain',
      // A study instead of a case (issue #15): the form of POST /api/studies.
      'multipart/form-data',
    ]);
    expect(upload.responses['202']!.content!['application/json']).toBeDefined();

    const config = paths['/api/config']!.get!;
    expect(config.security).toBeUndefined();
    expect(config.responses['503']).toBeUndefined();
    expect(paths['/api/auth/*']).toBeUndefined();
  });

  it('names the session cookie as better-auth does behind HTTPS', () => {
    const secure = openApiDocument('https://holgura.example', []) as unknown as Document;
    expect(secure.servers).toEqual([{ url: 'https://holgura.example' }]);
    expect(secure.components.securitySchemes.sessionCookie.name).toBe(
      '__Secure-better-auth.session_token',
    );
    const plain = openApiDocument('http://localhost:8080', []) as unknown as Document;
    expect(plain.components.securitySchemes.sessionCookie.name).toBe('better-auth.session_token');
  });
});

describe('/api/docs', () => {
  it('is titled in Spanish and marks its page Spanish with a script from its own origin', async () => {
    const { server } = await buildTestApp();
    const page = await server.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>API de Holgura · Documentación</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /<script src="([^"]*holgura\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const lang = await server.inject({
      method: 'GET',
      url: new URL(script!, 'http://localhost/api/docs/').pathname,
    });
    expect(lang.statusCode).toBe(200);
    expect(lang.headers['content-type']).toContain('javascript');
    expect(lang.body).toContain("lang = 'es'");
    const initializer = await server.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('"layout":"BaseLayout"');
  });
});
