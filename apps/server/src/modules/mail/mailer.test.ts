import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { buildTestApp } from '../../app.test-support';
import { createMailer } from './mailer';

function fakeLog() {
  const log = { info: vi.fn(), error: vi.fn() };
  return { log, asLogger: log as unknown as FastifyBaseLogger };
}

const message = { to: 'ana@ejemplo.co', subject: 'Holgura: prueba', text: 'Enlace: http://x/y' };

describe('mailer', () => {
  it('without SMTP writes the message to mail_outbox and the log', async () => {
    const { db } = await buildTestApp();
    const { log, asLogger } = fakeLog();
    await createMailer({ smtpUrl: null, db, log: asLogger }).send(message);
    const rows = await db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toMatchObject([
      { to_address: message.to, subject: message.subject, body_text: message.text },
    ]);
    expect(String(log.info.mock.calls[0]?.[0])).toContain('http://x/y');
  });

  it('never rejects: an outbox it cannot write is logged, link included', async () => {
    const broken = {
      insertInto: () => {
        throw new Error('base caída');
      },
    } as unknown as Db;
    const { log, asLogger } = fakeLog();
    await expect(
      createMailer({ smtpUrl: null, db: broken, log: asLogger }).send(message),
    ).resolves.toBeUndefined();
    expect(String(log.error.mock.calls[0]?.[1])).toContain('http://x/y');
  });

  it('hands a message to SMTP without waiting for the server, and logs a delivery that fails', async () => {
    // A server that accepts the connection and never says a word.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { log, asLogger } = fakeLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?connectionTimeout=300&greetingTimeout=300`,
      db: {} as Db,
      log: asLogger,
    });
    const started = Date.now();
    await mailer.send(message);
    expect(Date.now() - started).toBeLessThan(200);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5000 });
    expect(String(log.error.mock.calls[0]?.[0])).toContain(message.to);
    await new Promise((resolve) => silent.close(resolve));
  });
});
