import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Never rejects: a message that cannot be stored or delivered is logged. Whoever asks for a
   * password reset gets the same answer whether the account exists or not, so neither a
   * failure nor the time an SMTP server takes may show in it (SMTP delivery goes on after the
   * call returns; the outbox is written before).
   */
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Holgura <no-responder@holgura.local>';

/**
 * SMTP when SMTP_URL is set; otherwise every message goes to the `mail_outbox` table and the
 * server log, so someone running Holgura on one machine can still finish a password recovery.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, db, log } = options;
  if (smtpUrl !== null) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send(message) {
        transport.sendMail({ from: FROM, ...message }).catch((error: unknown) => {
          // The error's message only: nodemailer's objects may carry the connection details.
          const reason = error instanceof Error ? error.message : String(error);
          log.error(`Correo no enviado por SMTP a ${message.to} (${message.subject}): ${reason}`);
        });
        return Promise.resolve();
      },
    };
  }
  return {
    async send(message) {
      const letter = `para ${message.to}: ${message.subject}\n${message.text}`;
      try {
        await db
          .insertInto('mail_outbox')
          .values({ to_address: message.to, subject: message.subject, body_text: message.text })
          .execute();
      } catch (error) {
        // Still in the log, link included.
        log.error({ err: error }, `Correo sin SMTP, no guardado en mail_outbox, ${letter}`);
        return;
      }
      log.info(`Correo sin SMTP (guardado en mail_outbox) ${letter}`);
    },
  };
}
