// POST /api/login, POST /api/logout, GET /api/user, POST /api/register; the second sign-in step,
// passkeys, the second factor and the session list are in login-flow.ts, account-security-routes.ts
// and session-routes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CHOSEN_EMAIL_INVALID, chosenEmailSchema, loginSchema, registerBodySchema } from "../../common/schemas/auth";
import type { AppDeps } from "../app";
import { badRequest, conflict, tooManyRequests, unauthorized } from "../http/errors";
import { currentUserSchema, loginResultSchema, messageSchema } from "../../common/schemas/responses";
import { consumeRegistrationLink, findUserByUsername, findUserByUsernameOrEmail, insertUser, recordRegistrationLinkUse } from "./queries";
import { audit } from "../audit/log";
import { toCurrentUser } from "./dto";
import { loadSecondFactorState } from "./mfa";
import { verifyPassword } from "./passwords";
import { newPasswordHash } from "./password-policy";
import { endSession, startSession } from "./sessions";
import { requireUser } from "./guards";
import { rateLimited } from "../http/rate-limit";
import { ENROLMENT } from "./enforcement";
import { auditLoginFailure, loginFlowRoutes, passwordAccepted, secondFactorCode, signIn } from "./login-flow";
import { ACCOUNT_LOCKED_CODE, accountLockedMessage, accountLockedUntil, clearWrongPasswords, recordWrongPassword } from "./login-throttle";
import { accountSecurityRoutes } from "./account-security-routes";
import { sessionRoutes } from "./session-routes";
import { mfaAdminRoutes } from "./mfa-admin-routes";

export const LOGIN_FAILED = "Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.";
export const REGISTRATION_LINK_INVALID = "Registration link is invalid, expired or already used";

/** 429 while the account is locked: the German text, when to retry, and a code the sign-in form reads. */
function accountLocked(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return tooManyRequests(accountLockedMessage(until), { code: ACCOUNT_LOCKED_CODE, retryAfterSeconds: seconds });
}

/** The e-mail a registrant chose (first-start invitation): required and valid, else a 400 on the field. */
function chosenEmail(value: string | undefined): string {
  const parsed = chosenEmailSchema.safeParse(value ?? "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CHOSEN_EMAIL_INVALID;
    throw badRequest(message, { email: message });
  }
  return parsed.data;
}

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    await app.register(loginFlowRoutes(deps));
    await app.register(accountSecurityRoutes(deps));
    await app.register(sessionRoutes(deps));
    await app.register(mfaAdminRoutes(deps));

    app.post(
      "/api/login",
      {
        schema: { body: loginSchema, response: { 200: loginResultSchema } },
        config: {
          ...rateLimited(config, 10, 60_000, "Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut."),
          ...ENROLMENT,
        },
      },
      async (req, reply) => {
        const { password, code } = req.body;
        const username = req.body.username.trim();
        const user = await findUserByUsername(db, username);
        const lockedUntil = await accountLockedUntil(db, username);
        const ok = await verifyPassword(user?.passwordHash ?? null, password);
        if (lockedUntil) {
          // Locked after wrong passwords (login-throttle.ts): only password and second factor in one
          // request get through; the answer never tells whether the password alone was right.
          const method = user && ok && code ? await secondFactorCode(db, config, user, code) : null;
          if (!user || !method) {
            if (!ok) await recordWrongPassword(db, req, username, user?.id ?? null);
            await auditLoginFailure(db, req, user?.id ?? null, ok && code ? "code" : "password", username);
            throw accountLocked(lockedUntil);
          }
          await clearWrongPasswords(db, username);
          await audit(db, req, "user.login_unlocked", { type: "user", id: user.id }, { by: "owner", method }, user.id);
          return signIn(db, config, req, reply, user, method);
        }
        if (!user || !ok) {
          await auditLoginFailure(db, req, user?.id ?? null, "password", username);
          const until = await recordWrongPassword(db, req, username, user?.id ?? null);
          if (until) throw accountLocked(until);
          throw unauthorized(LOGIN_FAILED);
        }
        await clearWrongPasswords(db, username);
        // A user with a second factor gets a pending login, not a session (login-flow.ts).
        return passwordAccepted(db, config, req, reply, user);
      },
    );

    app.post(
      "/api/logout",
      { schema: { summary: "Abmelden (beendet die Sitzung)", response: { 200: messageSchema } }, config: ENROLMENT },
      async (req, reply) => {
        await endSession(db, req, reply);
        return { message: "Abgemeldet" };
      },
    );

    app.get(
      "/api/user",
      { schema: { summary: "Angemeldeter Benutzer", response: { 200: currentUserSchema } }, config: ENROLMENT },
      async (req, reply) => {
        reply.header("Cache-Control", "no-store");
        const user = requireUser(req);
        return toCurrentUser(user, req.auth?.impersonatorId != null, req.auth?.mfa);
      },
    );

    app.post(
      "/api/register",
      {
        schema: { body: registerBodySchema, response: { 201: currentUserSchema } },
        config: {
          ...rateLimited(config, 10, 15 * 60_000, "Zu viele Registrierungsversuche. Bitte versuchen Sie es später erneut."),
          ...ENROLMENT,
        },
      },
      async (req, reply) => {
        const body = req.body;
        const passwordHash = await newPasswordHash(body.password);
        // The link is consumed by one conditional UPDATE: of two racing registrations only one
        // gets the row; any later failure rolls the consumption back.
        const user = await db.transaction(async (tx) => {
          const link = await consumeRegistrationLink(tx, body.token);
          if (!link) throw badRequest(REGISTRATION_LINK_INVALID);
          // Only the first-start invitation leaves the e-mail open: then the registrant chooses it.
          const email = link.email === "" ? chosenEmail(body.email) : link.email;
          const taken = await findUserByUsernameOrEmail(tx, body.username, email);
          if (taken) {
            throw conflict(
              taken.username.toLowerCase() === body.username.toLowerCase() ? "Username already exists" : "Email already exists",
            );
          }
          const created = await insertUser(tx, {
            username: body.username,
            passwordHash,
            email,
            firstName: body.firstName,
            lastName: body.lastName,
            role: link.role,
            companyId: link.companyId,
            lastAccessAt: new Date(),
          });
          await recordRegistrationLinkUse(tx, link.id, created.id, email);
          return created;
        });
        await audit(db, req, "user.register", { type: "user", id: user.id }, { role: user.role, companyId: user.companyId }, user.id);
        await startSession(db, config, req, reply, user.id, null, "registration");
        return reply.status(201).send(toCurrentUser(user, false, await loadSecondFactorState(db, config, user)));
      },
    );
  };
