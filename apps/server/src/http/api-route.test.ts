import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, apiErrorSchema, caseParamsSchema } from '@holgura/contracts';
import { defineRoute } from './api-route';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare app with one route; the "guard" lets through requests that carry `x-user`. */
function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  apps.push(app);
  app.decorateRequest('principal', null);
  register(app);
  return app;
}

async function guard(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers['x-user'] === undefined) {
    return reply.status(401).send(apiError('AUTH_REQUIRED'));
  }
}

const bodySchema = z.strictObject({
  name: z.string().trim().min(1, 'El nombre es obligatorio'),
  size: z.number().max(3),
});
const querySchema = z.object({
  page: z
    .string({ error: 'La página debe ser un número' })
    .regex(/^\d+$/, 'La página debe ser un número')
    .transform(Number),
});

function caseRoute(app: ReturnType<typeof Fastify>, seen: unknown[]) {
  defineRoute(app, {
    method: 'PUT',
    url: '/api/cases/:caseId',
    tag: 'Casos',
    summary: 'Prueba',
    auth: guard,
    params: caseParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    querystring: querySchema,
    body: bodySchema,
    responses: { 200: z.object({ ok: z.boolean() }) },
    handler: (request) => {
      seen.push({ params: request.params, query: request.query, body: request.body });
      return { ok: true };
    },
  });
}

describe('defineRoute', () => {
  it('hands the handler the parsed path, query string and body', async () => {
    const seen: unknown[] = [];
    const app = appWith((a) => caseRoute(a, seen));
    const response = await app.inject({
      method: 'PUT',
      url: '/api/cases/caso-1?page=2&extra=1',
      headers: { 'x-user': 'ana' },
      payload: { name: '  Ana ', size: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(seen).toEqual([
      { params: { caseId: 'caso-1' }, query: { page: 2 }, body: { name: 'Ana', size: 2 } },
    ]);
  });

  it('answers in order: sign-in, then the path (404), the query and the body (400)', async () => {
    const seen: unknown[] = [];
    const app = appWith((a) => caseRoute(a, seen));
    const put = (url: string, payload: unknown, signedIn = true) =>
      app.inject({
        method: 'PUT',
        url,
        payload: payload as object,
        headers: signedIn ? { 'x-user': 'ana' } : {},
      });
    const error = async (response: Awaited<ReturnType<typeof put>>) => [
      response.statusCode,
      apiErrorSchema.parse(response.json()).error,
    ];

    expect(await error(await put('/api/cases/a%20b?page=x', { name: '' }, false))).toEqual([
      401,
      { code: 'AUTH_REQUIRED', message: 'Usuario no autenticado' },
    ]);
    expect(await error(await put('/api/cases/a%20b?page=x', { name: '' }))).toEqual([
      404,
      { code: 'CASE_NOT_FOUND', message: 'No se encontró el caso' },
    ]);
    expect(await error(await put('/api/cases/a?page=x', { name: '' }))).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: 'La página debe ser un número' },
    ]);
    expect(await error(await put('/api/cases/a', { name: '', size: 1 }))).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: 'La página debe ser un número' },
    ]);
    expect(await error(await put('/api/cases/a?page=1', { name: ' ', size: 1 }))).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: 'El nombre es obligatorio' },
    ]);
    expect(seen).toEqual([]);
  });

  it('never lets zod’s English messages through: they become the generic Spanish one', async () => {
    const app = appWith((a) => caseRoute(a, []));
    for (const payload of [{ name: 'A', size: 9 }, { name: 'A', size: 1, other: true }, 'texto']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/cases/a?page=1',
        headers: { 'x-user': 'ana', 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'La solicitud no es válida',
      });
    }
  });

  it('runs a route’s own preHandler after sign-in and before the body is read', async () => {
    const app = appWith((a) =>
      defineRoute(a, {
        method: 'POST',
        url: '/api/only-holgura',
        tag: 'Perfil',
        summary: 'Prueba',
        auth: guard,
        preHandler: async (_request, reply) =>
          reply.status(403).send(apiError('PROFILE_NOT_EDITABLE')),
        body: bodySchema,
        responses: { 200: z.object({}) },
        handler: () => ({}),
      }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/only-holgura',
      headers: { 'x-user': 'sax' },
      payload: { wrong: true },
    });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('PROFILE_NOT_EDITABLE');
  });

  it('refuses a contract whose params do not name the URL’s parameters', () => {
    const contract = {
      method: 'GET' as const,
      tag: 'Casos' as const,
      summary: 'Prueba',
      responses: {},
      handler: () => ({}),
    };
    expect(() =>
      appWith((a) => defineRoute(a, { ...contract, url: '/api/cases/:caseId' })),
    ).toThrow(/params must declare exactly/);
    expect(() =>
      appWith((a) =>
        defineRoute(a, { ...contract, url: '/api/jobs/:jobId', params: caseParamsSchema }),
      ),
    ).toThrow(/params must declare exactly/);
  });
});
