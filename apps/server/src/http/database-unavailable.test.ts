import net from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '@holgura/contracts';
import { isDatabaseUnavailable } from './database-unavailable';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandler } from './error-handler';

/** A port that was free a moment ago: connecting to it is refused, as with a stopped database. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** What node-postgres really throws when PostgreSQL is not listening. */
async function refusedConnectionError(): Promise<unknown> {
  const port = await closedPort();
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/holgura` });
  try {
    await pool.query('select 1');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
  throw new Error('the query should have failed');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused PostgreSQL connection as thrown by the driver', async () => {
    expect(isDatabaseUnavailable(await refusedConnectionError())).toBe(true);
  });

  it('recognises lost connections, server shutdowns and locked SQLite files', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(
      true,
    );
  });

  it('looks through wrapped causes and the attempts of an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = new Error('session lookup failed', {
      cause: new AggregateError([new Error('other'), refused]),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves bugs and bad queries as they are', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // 23505 unique_violation, 42P01 undefined_table: the database answered.
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('does not loop on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('error handler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/api/cases', () => {
      throw error;
    });
    await app.ready();
    return app;
  }

  it('answers 503 with the Spanish outage message and Retry-After when the database is down', async () => {
    const app = await appThrowing(await refusedConnectionError());
    const response = await app.inject({ method: 'GET', url: '/api/cases' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: errorMessages.DATABASE_UNAVAILABLE },
    });
    expect(errorMessages.DATABASE_UNAVAILABLE).toContain('no hay conexión con la base de datos');
    await app.close();
  });

  it('still answers 500 for any other failure', async () => {
    const app = await appThrowing(new TypeError('x is undefined'));
    const response = await app.inject({ method: 'GET', url: '/api/cases' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: errorMessages.INTERNAL },
    });
    await app.close();
  });
});
