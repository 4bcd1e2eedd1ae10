/**
 * Outgoing mail. With SMTP configured it goes through nodemailer; without, it is written to the log and kept in a
 * short in-memory outbox (shown at /dev/outbox in development), so password reset and sign-in links work on a fresh machine.
 */
import type { Transporter } from "nodemailer";
import type { Logger } from "../logger.ts";

/** `headers`: extra headers, such as List-Unsubscribe. */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type SentMail = Mail & { sentAt: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The last mails written instead of sent (empty when SMTP sends them). */
  outbox(): SentMail[];
}

const OUTBOX_SIZE = 50;
/**
 * How long the SMTP server has to accept the connection, to greet, and to answer each command: well within the
 * outbox's lease, so a server that hangs fails the attempt (tried again later) rather than holding the mail lane.
 * nodemailer's own defaults are 2 minutes, 30 s and 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer({ smtpUrl, from, logger }: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  if (smtpUrl) {
    // Loaded with the first mail: nodemailer holds about 15 MB that a server between mails does not need.
    let transport: Promise<Transporter> | undefined;
    return {
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
        );
        await (await transport).sendMail({ from, ...mail });
      },
      outbox: () => [],
    };
  }
  const kept: SentMail[] = [];
  return {
    async send(mail) {
      kept.unshift({ ...mail, sentAt: new Date().toISOString() });
      kept.length = Math.min(kept.length, OUTBOX_SIZE);
      logger.info(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
    outbox: () => [...kept],
  };
}
