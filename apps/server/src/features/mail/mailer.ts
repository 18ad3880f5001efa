import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { DB } from "../../db/schema.js";
import { insertOutbox, markOutbox } from "./mail.repository.js";

export interface Mailer {
  /** Queues a plain-text mail: always written to the outbox table and the log, and sent by SMTP when configured. */
  send(to: string, subject: string, text: string): Promise<void>;
}

/**
 * A mailer over the outbox. Without SMTP_URL the outbox and the log are the delivery (a
 * site may run without outside network); with it, nodemailer sends and the row records the
 * outcome. A failed send never fails the request that caused it.
 */
export function createMailer(opts: { db: Kysely<DB>; log: FastifyBaseLogger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(to, subject, text) {
      const now = Date.now();
      const id = await insertOutbox(opts.db, { to, subject, text, now });
      opts.log.info({ mail: { id, to, subject } }, "mail queued");
      if (!transport) return;
      try {
        await transport.sendMail({ from: opts.from, to, subject, text });
        await markOutbox(opts.db, id, { sentAt: Date.now(), error: null });
      } catch (err) {
        opts.log.error({ err, mailId: id }, "mail send failed");
        await markOutbox(opts.db, id, { sentAt: null, error: String(err) });
      }
    },
  };
}
