// "Passwort vergessen?" (issue 27). With a mail server: a request by username or e-mail gets the
// same answer whether or not the account exists (the mail goes out in the background, so the
// timing says nothing either); a single-use link valid 30 minutes, of which only the sha256 is
// stored; at most 3 links per account and hour, and a per-address limit on both routes. Setting
// the new password (shared policy) ends every session of the account. Without a mail server the
// request answers 409 with the advice to ask the company admin. Requests and resets are audited.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  PASSWORD_RESET_MINUTES,
  PASSWORD_RESET_TEXTS,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from "../../common/schemas/password-reset";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { messageSchema, passwordResetAvailabilitySchema } from "../../common/schemas/responses";
import { badRequest, conflict } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { createMailer } from "../mail/mailer";
import { passwordLinkMail } from "../mail/templates";
import { newPasswordHash } from "./password-policy";
import { applyPasswordReset, claimResetLink, findUserByUsernameOrEmail, insertResetLink, resetLinksSince } from "./queries";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const PER_ACCOUNT_PER_HOUR = 3;
export const passwordResetUrl = (origin: string, token: string) => `${origin}/passwort-zuruecksetzen?token=${encodeURIComponent(token)}`;

export const passwordResetRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(config.smtp, app.log);

    app.get(
      "/api/password-reset/available",
      { schema: { summary: "Ob „Passwort vergessen?“ per E-Mail möglich ist", response: { 200: passwordResetAvailabilitySchema } } },
      async () => ({ available: mailer.enabled }),
    );

    app.post(
      "/api/password-reset/request",
      {
        schema: {
          summary: "Link zum Zurücksetzen des Passworts anfordern",
          body: passwordResetRequestSchema,
          response: { 200: messageSchema },
        },
        config: rateLimited(config, 5, 15 * 60_000, PASSWORD_RESET_TEXTS.tooMany),
      },
      async (req) => {
        if (!mailer.enabled) throw conflict(PASSWORD_RESET_TEXTS.noMail);
        const user = await findUserByUsernameOrEmail(db, req.body.identifier);
        if (!user) return { message: PASSWORD_RESET_TEXTS.requested };
        if ((await resetLinksSince(db, user.id, new Date(Date.now() - 60 * 60_000))) >= PER_ACCOUNT_PER_HOUR) {
          await audit(db, req, "user.password_forgot", { type: "user", id: user.id }, { sent: false, reason: "rate_limited" }, user.id);
          return { message: PASSWORD_RESET_TEXTS.requested };
        }
        const token = randomBytes(32).toString("base64url");
        const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
        await insertResetLink(db, user.id, sha256(token), expiresAt);
        await audit(db, req, "user.password_forgot", { type: "user", id: user.id }, { sent: true }, user.id);
        // Not awaited: an existing account must not answer slower than an unknown one.
        void mailer.send(passwordLinkMail({ to: user.email, user, url: passwordResetUrl(config.publicOrigin, token), expiresAt }));
        return { message: PASSWORD_RESET_TEXTS.requested };
      },
    );

    app.post(
      "/api/password-reset/confirm",
      {
        schema: {
          summary: "Neues Passwort über den Link festlegen (beendet alle Sitzungen)",
          body: passwordResetConfirmSchema,
          response: { 200: messageSchema },
        },
        config: rateLimited(config, 10, 15 * 60_000, PASSWORD_RESET_TEXTS.tooMany),
      },
      async (req) => {
        // The shared policy of every path that sets a password (rules and the common/breached list).
        const passwordHash = await newPasswordHash(req.body.password);
        const userId = await db.transaction(async (tx) => {
          const claimed = await claimResetLink(tx, sha256(req.body.token));
          if (claimed !== null) await applyPasswordReset(tx, claimed, passwordHash);
          return claimed;
        });
        if (userId === null) throw badRequest(PASSWORD_RESET_TEXTS.invalidLink);
        await audit(db, req, "user.password_reset_link", { type: "user", id: userId }, undefined, userId);
        return { message: PASSWORD_RESET_TEXTS.done };
      },
    );
  };
