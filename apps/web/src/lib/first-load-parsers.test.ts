import {
  clientConfigResponseSchema,
  sessionResponseSchema,
  statsResponseSchema,
} from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import type { Parser } from './api-client';
import {
  clientConfigResponseParser,
  sessionResponseParser,
  statsResponseParser,
} from './first-load-parsers';

type Schema = { safeParse: (data: unknown) => { success: boolean; data?: unknown } };

/** The hand-written check accepts what the contracts' schema accepts, and returns the same. */
function expectSameAsSchema(parser: Parser<unknown>, schema: Schema, samples: unknown[]) {
  for (const sample of samples) {
    const ours = parser.safeParse(sample);
    const theirs = schema.safeParse(sample);
    expect({ sample, success: ours.success }).toEqual({ sample, success: theirs.success });
    if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
  }
}

const stats = {
  totalCapacityMw: 17007.22,
  projectionYears: 6,
  busbarsEvaluated: 25,
  contingenciesAnalysed: 57738,
  scenariosAnalysed: 450,
};

const user = { id: 'u1', email: 'ana@example.co', name: 'Ana Pérez' };

const config = {
  sax: {
    authority: 'http://localhost:8080/sax',
    clientId: 'holgura-web',
    policy: null,
    scopes: 'openid profile email',
    local: true,
  },
  maxUploadBytes: 10 * 1024 * 1024,
};

describe('first-load parsers (the contracts’ schemas without zod)', () => {
  it('read /api/stats as statsResponseSchema does', () => {
    expectSameAsSchema(statsResponseParser, statsResponseSchema, [
      stats,
      { ...stats, demoData: 'computing' },
      { ...stats, demoData: 'ready' },
      { ...stats, demoData: 'none' },
      { ...stats, demoData: 'later' },
      { ...stats, demoData: null },
      { ...stats, extra: 'dropped' },
      { ...stats, totalCapacityMw: 0 },
      { ...stats, totalCapacityMw: -1 },
      { ...stats, totalCapacityMw: '17007' },
      { ...stats, projectionYears: 6.5 },
      { ...stats, busbarsEvaluated: -1 },
      { ...stats, contingenciesAnalysed: 2 ** 60 },
      { ...stats, scenariosAnalysed: null },
      { totalCapacityMw: 1 },
      [stats],
      null,
      undefined,
      'stats',
    ]);
  });

  it('read the session as sessionResponseSchema does', () => {
    expectSameAsSchema(sessionResponseParser, sessionResponseSchema, [
      null,
      { user },
      { session: { id: 's1', expiresAt: '2026-12-01' }, user: { ...user, image: null } },
      { user: { ...user, email: null } },
      { user: { id: 'u1', name: 'Ana' } },
      { user: null },
      { user: [user] },
      {},
      [],
      undefined,
      'null',
    ]);
  });

  it('read /api/config as clientConfigResponseSchema does', () => {
    const emails = [
      'soporte@holgura.co',
      'ana.perez+holgura@sub.example.com',
      "o'brien@example.co",
      'a@b',
      'a@b.c',
      'no-at.example.co',
      '.ana@example.co',
      'ana.@example.co',
      'ana..perez@example.co',
      'ana@-example.co',
      'ana@example.co.',
      'ana perez@example.co',
      'añá@example.co',
      '',
    ];
    expectSameAsSchema(clientConfigResponseParser, clientConfigResponseSchema, [
      config,
      { ...config, extra: true, sax: { ...config.sax, extra: 1 } },
      ...emails.map((supportEmail) => ({ ...config, supportEmail })),
      { ...config, supportEmail: null },
      { ...config, supportEmail: 42 },
      { ...config, publicUrl: 'https://holgura.operador.co' },
      { ...config, publicUrl: null },
      { ...config, publicUrl: 42 },
      { ...config, sax: { ...config.sax, policy: 'B2C_1_signin' } },
      { ...config, sax: { ...config.sax, policy: undefined } },
      { ...config, sax: { ...config.sax, local: 'true' } },
      { ...config, sax: { ...config.sax, scopes: null } },
      { ...config, sax: null },
      { ...config, maxUploadBytes: 0 },
      { ...config, maxUploadBytes: 1.5 },
      { ...config, maxUploadBytes: '10485760' },
      { sax: config.sax },
      null,
      [],
    ]);
  });
});
