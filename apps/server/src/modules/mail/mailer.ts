import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
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
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  return {
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({ to_address: message.to, subject: message.subject, body_text: message.text })
        .execute();
      log.info(
        `Correo sin SMTP (guardado en mail_outbox) para ${message.to}: ${message.subject}\n${message.text}`,
      );
    },
  };
}
