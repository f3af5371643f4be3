// Optional outgoing mail (DESIGN.md: SMTP_URL). Sending never throws into a request: callers
// store their data first, and a failed or missing mail server only leaves mailed_at empty.
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

export interface Mail {
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  readonly enabled: boolean;
  /** Resolves true when the mail server accepted the message, false otherwise (never rejects). */
  send(mail: Mail): Promise<boolean>;
}

/** Header values must stay on one line. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

export function createMailer(smtp: Config["smtp"], log: FastifyBaseLogger): Mailer {
  if (!smtp) return { enabled: false, send: async () => false };
  let transport: Transporter | null = null;
  return {
    enabled: true,
    async send(mail) {
      try {
        transport ??= nodemailer.createTransport(smtp.url);
        await transport.sendMail({
          from: smtp.from,
          to: smtp.notify ?? smtp.from,
          replyTo: mail.replyTo ? oneLine(mail.replyTo) : undefined,
          subject: oneLine(mail.subject),
          text: mail.text,
        });
        return true;
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, "mail not sent");
        return false;
      }
    },
  };
}
