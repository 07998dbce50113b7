import net from 'node:net';
import { readReference } from '@holgura/test-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activsg10k,
  activsg2000Xz,
  adminDatabaseUrl,
  finished,
  freePort,
  freshDatabase,
  postgresAvailable,
  signUp,
  startServer,
  startWorker,
  stopAll,
  tempDir,
  uploadCase,
  waitForJob,
  type FreshDatabase,
  type JobStatusBody,
} from './harness';

const case9 = readReference('cases/case9.m');

/** The engine is under way with most of its work ahead (the upload is read, the thread runs). */
const engineStarted = (status: JobStatusBody) =>
  status.state === 'running' && status.progressPercent > 0 && status.progressPercent < 50;

const outageMessage =
  'Holgura no está disponible en este momento: no hay conexión con la base de datos. Inténtalo de nuevo en unos minutos.';

/**
 * A TCP hop between Holgura and PostgreSQL that can be cut and restored: an outage for these
 * processes only, while the machine's PostgreSQL keeps serving every other test.
 */
async function databaseProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    if (silent) {
      // Accepted and never answered, as a host behind a dead network link.
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen();
  return {
    port,
    /** Refuses new connections and drops the open ones, as a stopped database does. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Drops the open connections and leaves new ones unanswered. */
    silence() {
      silent = true;
      for (const socket of sockets) socket.destroy();
    },
    async restore() {
      silent = false;
      for (const socket of sockets) socket.destroy();
      if (!server.listening) await listen();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hasPostgres = await postgresAvailable();
let database: FreshDatabase | undefined;
let proxy: Awaited<ReturnType<typeof databaseProxy>> | undefined;

afterEach(async () => {
  await stopAll();
  await proxy?.close();
  await database?.drop();
  database = undefined;
  proxy = undefined;
});

/**
 * A request during the outage, sent again once when the socket it reused was closed under it
 * (undici "other side closed", UND_ERR_SOCKET): an idle keep-alive connection timing out as it
 * is reused is the transport's race, not Holgura's answer, which the second try reads.
 */
async function duringOutage(send: () => Promise<Response>): Promise<Response> {
  try {
    return await send();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}

async function expectOutage(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).not.toBeNull();
  expect(await response.json()).toEqual({
    error: { code: 'DATABASE_UNAVAILABLE', message: outageMessage },
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!hasPostgres)('PostgreSQL unavailable (API and two workers)', () => {
  it('answers 503 with the Spanish message during the outage and recovers when it returns', async () => {
    database = await freshDatabase();
    proxy = await databaseProxy(new URL(adminDatabaseUrl));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const api = await startServer({
      port,
      dataDir: tempDir(),
      databaseUrl: viaProxy.toString(),
      workers: 0,
    });
    const workers = [
      await startWorker(viaProxy.toString(), tempDir()),
      await startWorker(viaProxy.toString(), tempDir()),
    ];
    const call = await signUp(baseUrl);
    expect((await call('/api/cases')).status).toBe(200);

    await proxy.cut();
    await expectOutage(await duringOutage(() => fetch(`${baseUrl}/api/health`)));
    await expectOutage(await duringOutage(() => fetch(`${baseUrl}/api/stats`)));
    await expectOutage(await duringOutage(() => call('/api/cases')));
    // An upload is refused, not half-accepted: the client knows to send it again. A small one:
    // the refusal comes before the body is read, and a client still sending a large body can
    // see the socket close under the 503 (undici's "other side closed"), a flake of the
    // transport, not of Holgura's answer.
    await expectOutage(
      await duringOutage(() =>
        call('/api/casesCalculate/calculate', {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'x-file-name': 'case9.m' },
          body: new Uint8Array(case9),
        }),
      ),
    );
    // Every process rides out the outage.
    for (const proc of [api, ...workers]) expect(proc.child.exitCode).toBeNull();

    await proxy.restore();
    await until(
      async () => (await fetch(`${baseUrl}/api/health`)).status === 200,
      30_000,
      'the health check to pass again',
    );
    expect((await call('/api/cases')).status).toBe(200);
    const accepted = await uploadCase(call, activsg2000Xz, 'case_ACTIVSg2000.m.xz');
    expect(await waitForJob(call, accepted.jobId, finished, 90_000)).toMatchObject({
      state: 'done',
      error: null,
    });
    for (const proc of [api, ...workers]) expect(proc.child.exitCode).toBeNull();
  }, 180_000);

  it('finishes, once, a job whose result could not be written while the database was away', async () => {
    database = await freshDatabase();
    proxy = await databaseProxy(new URL(adminDatabaseUrl));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    await startServer({ port, dataDir: tempDir(), databaseUrl: viaProxy.toString(), workers: 0 });
    const worker = await startWorker(viaProxy.toString(), tempDir());
    const call = await signUp(baseUrl);
    const accepted = await uploadCase(call, activsg10k, 'case_ACTIVSg10k.m');
    // Cut early in the analysis, not midway: on a loaded machine the last half of the progress
    // bar can pass between two polls and the result be stored before the cut (CI, 2026-12-05).
    await waitForJob(call, accepted.jobId, engineStarted, 60_000);

    await proxy.cut();
    // The analysis ends during the outage and its result cannot be stored.
    await until(
      () => Promise.resolve(worker.output().includes('job bookkeeping')),
      180_000,
      'the worker to fail to store the result',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the worker said:\n${worker.output().slice(-4000)}`);
    });
    await proxy.restore();

    expect(await waitForJob(call, accepted.jobId, finished, 180_000)).toMatchObject({
      state: 'done',
      error: null,
    });
    const results = await database.query<{ n: string }>(
      'select count(*) as n from case_api_data where case_id = $1',
      [accepted.caseId],
    );
    expect(Number(results[0]!.n)).toBe(1);
    expect(worker.child.exitCode).toBeNull();
  }, 420_000);

  it('answers 503 within seconds when the database host goes silent, and recovers', async () => {
    database = await freshDatabase();
    proxy = await databaseProxy(new URL(adminDatabaseUrl));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    await startServer({ port, dataDir: tempDir(), databaseUrl: viaProxy.toString(), workers: 0 });
    const call = await signUp(baseUrl);

    proxy.silence();
    for (const request of [() => fetch(`${baseUrl}/api/health`), () => call('/api/cases')]) {
      const started = Date.now();
      await expectOutage(await request());
      // The connection timeout (5 s) bounds the wait; without it the request never ends.
      expect(Date.now() - started).toBeLessThan(15_000);
    }

    await proxy.restore();
    await until(
      async () => (await call('/api/cases')).status === 200,
      30_000,
      'the case list to answer again',
    );
  }, 120_000);
});
