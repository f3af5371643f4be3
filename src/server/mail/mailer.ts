// Optional outgoing mail (docs/architecture.md: SMTP_URL). Sending never throws into a request: callers
// store their data first, and a failed or missing mail server only changes what they report
// (mailed_at empty, `mailed: false`).
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

export interface Mail {
  /** Recipient; without it the operator's mailbox (NOTIFY_EMAIL, else MAIL_FROM). */
  to?: string;
  subject: string;
  text: string;
  /** Alternative HTML part; every inserted value must already be escaped (templates.ts). */
  html?: string;
  replyTo?: string;
  /** What the mail is for, only for the log (never its content: links carry tokens). */
  kind?: string;
}

export interface Mailer {
  readonly enabled: boolean;
  /** Resolves true when the mail server accepted the message, false otherwise (never rejects). */
  send(mail: Mail): Promise<boolean>;
}

/**
 * Bounds for one conversation, so a dead or stalling mail server cannot hold a request for long.
 * Values given in SMTP_URL's query (e.g. ?greetingTimeout=10000) win.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 3000, greetingTimeout: 3000, socketTimeout: 5000 } as const;
/** The whole send, whatever the server does between commands. */
export const SEND_DEADLINE_MS = 6000;

/** Header values must stay on one line. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

/** nodemailer ignores options next to a `url`, so the timeouts go into the URL's query. */
export function withTimeouts(url: string): string {
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  const given = new Set(query.split("&").map((p) => p.split("=")[0]));
  const extra = Object.entries(SMTP_TIMEOUTS)
    .filter(([key]) => !given.has(key))
    .map(([key, ms]) => `${key}=${ms}`);
  if (extra.length === 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${extra.join("&")}`;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createMailer(smtp: Config["smtp"], log: FastifyBaseLogger): Mailer {
  if (!smtp) return { enabled: false, send: async () => false };
  let transport: Transporter | null = null;
  return {
    enabled: true,
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      try {
        transport ??= nodemailer.createTransport(withTimeouts(smtp.url));
        const sending = transport.sendMail({
          from: smtp.from,
          to: oneLine(mail.to ?? smtp.notify ?? smtp.from),
          replyTo: mail.replyTo ? oneLine(mail.replyTo) : undefined,
          subject: oneLine(mail.subject),
          text: mail.text,
          html: mail.html,
        });
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${SEND_DEADLINE_MS} ms`)), SEND_DEADLINE_MS);
        });
        // The losing promise must not become an unhandled rejection.
        sending.catch(() => {});
        await Promise.race([sending, deadline]);
        return true;
      } catch (err) {
        log.warn({ err: message(err), mail: mail.kind ?? "notification" }, "mail not sent");
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** What a route reports as `mailed`: null when no mail server is configured (nothing was tried). */
export type MailOutcome = boolean | null;

export const sendIfConfigured = async (mailer: Mailer, mail: Mail): Promise<MailOutcome> => (mailer.enabled ? mailer.send(mail) : null);
