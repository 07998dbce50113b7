import { describe, expect, it } from 'vitest';
import { errorMessages, healthResponseSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';

describe.each(dialects)('GET /api/health (%s)', (dialect) => {
  it('answers 200 while the database answers', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const response = await server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json()).status).toBe('ok');
  });

  it('answers 503 with the Spanish outage message once the database is gone', async () => {
    const app = await buildTestApp({}, { dialect });
    await app.database.close();
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: errorMessages.DATABASE_UNAVAILABLE },
    });
  });

  it('documents the 503 in the OpenAPI description of routes that read the database', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const document = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/api/health']!.get!.responses['503']).toBeDefined();
    expect(document.paths['/api/cases']!.get!.responses['503']).toBeDefined();
    expect(document.paths['/api/config']!.get!.responses['503']).toBeUndefined();
  });
});
