// POST /api/login, POST /api/logout, GET /api/user, POST /api/register; the second sign-in step,
// passkeys, the second factor and the session list are in login-flow.ts, account-security-routes.ts
// and session-routes.ts.
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CHOSEN_EMAIL_INVALID, chosenEmailSchema, loginSchema, registerBodySchema } from "../../common/schemas/auth";
import type { AppDeps } from "../app";
import { registrationLinks, users } from "../db/schema";
import { HttpError, badRequest, conflict, unauthorized } from "../http/errors";
import { audit } from "../audit/log";
import { toCurrentUser } from "./dto";
import { loadSecondFactorState } from "./mfa";
import { hashPassword, verifyPassword } from "./passwords";
import { endSession, startSession } from "./sessions";
import { requireUser } from "./guards";
import { rateLimited } from "../http/rate-limit";
import { ENROLMENT } from "./enforcement";
import { auditLoginFailure, loginFlowRoutes, passwordAccepted } from "./login-flow";
import { accountSecurityRoutes } from "./account-security-routes";
import { sessionRoutes } from "./session-routes";
import { mfaAdminRoutes } from "./mfa-admin-routes";

export const LOGIN_FAILED = "Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.";
export const REGISTRATION_LINK_INVALID = "Registration link is invalid, expired or already used";

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
        schema: { body: loginSchema },
        config: { ...rateLimited(config, 10, 60_000, "Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut."), ...ENROLMENT },
      },
      async (req, reply) => {
        const { username, password } = req.body;
        const [user] = await db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username.trim()})`)
          .limit(1);
        const ok = await verifyPassword(user?.passwordHash ?? null, password);
        if (!user || !ok) {
          await auditLoginFailure(db, req, user?.id ?? null, "password");
          throw unauthorized(LOGIN_FAILED);
        }
        // A user with a second factor gets a pending login, not a session (login-flow.ts).
        return passwordAccepted(db, config, req, reply, user);
      },
    );

    app.post("/api/logout", { schema: { summary: "Abmelden (beendet die Sitzung)" }, config: ENROLMENT }, async (req, reply) => {
      await endSession(db, req, reply);
      return { message: "Abgemeldet" };
    });

    app.get("/api/user", { schema: { summary: "Angemeldeter Benutzer" }, config: ENROLMENT }, async (req, reply) => {
      reply.header("Cache-Control", "no-store");
      const user = requireUser(req);
      return toCurrentUser(user, req.auth?.impersonatorId != null, req.auth?.mfa);
    });

    app.post(
      "/api/register",
      {
        schema: { body: registerBodySchema },
        config: { ...rateLimited(config, 10, 15 * 60_000, "Zu viele Registrierungsversuche. Bitte versuchen Sie es später erneut."), ...ENROLMENT },
      },
      async (req, reply) => {
        const body = req.body;
        const passwordHash = await hashPassword(body.password);
        // The link is consumed by one conditional UPDATE: of two racing registrations only one
        // gets the row; any later failure rolls the consumption back.
        const user = await db.transaction(async (tx) => {
          const [link] = await tx
            .update(registrationLinks)
            .set({ used: true, usedAt: new Date() })
            .where(
              and(
                eq(registrationLinks.token, body.token),
                eq(registrationLinks.used, false),
                gt(registrationLinks.expiresAt, new Date()),
              ),
            )
            .returning();
          if (!link) throw new HttpError(400, REGISTRATION_LINK_INVALID);
          // Only the first-start invitation leaves the e-mail open: then the registrant chooses it.
          const email = link.email === "" ? chosenEmail(body.email) : link.email;
          const [taken] = await tx
            .select({ username: users.username, email: users.email })
            .from(users)
            .where(sql`lower(${users.username}) = lower(${body.username}) or lower(${users.email}) = lower(${email})`)
            .limit(1);
          if (taken) {
            throw conflict(taken.username.toLowerCase() === body.username.toLowerCase() ? "Username already exists" : "Email already exists");
          }
          const [created] = await tx
            .insert(users)
            .values({
              username: body.username,
              passwordHash,
              email,
              firstName: body.firstName,
              lastName: body.lastName,
              role: link.role,
              companyId: link.companyId,
              lastAccessAt: new Date(),
            })
            .returning();
          await tx.update(registrationLinks).set({ usedBy: created.id, email }).where(eq(registrationLinks.id, link.id));
          return created;
        });
        await audit(db, req, "user.register", { type: "user", id: user.id }, { role: user.role, companyId: user.companyId }, user.id);
        await startSession(db, config, req, reply, user.id, null, "registration");
        return reply.status(201).send(toCurrentUser(user, false, await loadSecondFactorState(db, config, user)));
      },
    );
  };
