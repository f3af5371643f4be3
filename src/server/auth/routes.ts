// POST /api/login, POST /api/logout, GET /api/user, POST /api/register.
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, registerBodySchema } from "../../common/schemas/auth";
import type { AppDeps } from "../app";
import { registrationLinks, users } from "../db/schema";
import { HttpError, conflict, unauthorized } from "../http/errors";
import { audit } from "../audit/log";
import { toCurrentUser } from "./dto";
import { hashPassword, verifyPassword } from "./passwords";
import { endSession, startSession } from "./sessions";
import { requireUser } from "./guards";
import { rateLimited } from "../http/rate-limit";

export const LOGIN_FAILED = "Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.";
export const REGISTRATION_LINK_INVALID = "Registration link is invalid, expired or already used";

export const authRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {

    app.post(
      "/api/login",
      {
        schema: { body: loginSchema },
        config: rateLimited(config, 10, 60_000, "Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut."),
      },
      async (req, reply) => {
        const { username, password } = req.body;
        const [user] = await db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username.trim()})`)
          .limit(1);
        const ok = await verifyPassword(user?.passwordHash ?? null, password);
        if (!user || !ok) throw unauthorized(LOGIN_FAILED);
        await startSession(db, config, req, reply, user.id);
        await db.update(users).set({ lastAccessAt: new Date() }).where(eq(users.id, user.id));
        return toCurrentUser(user);
      },
    );

    app.post("/api/logout", async (req, reply) => {
      await endSession(db, req, reply);
      return { message: "Abgemeldet" };
    });

    app.get("/api/user", async (req, reply) => {
      reply.header("Cache-Control", "no-store");
      const user = requireUser(req);
      return toCurrentUser(user, req.auth?.impersonatorId != null);
    });

    app.post(
      "/api/register",
      {
        schema: { body: registerBodySchema },
        config: rateLimited(config, 10, 15 * 60_000, "Zu viele Registrierungsversuche. Bitte versuchen Sie es später erneut."),
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
          const [taken] = await tx
            .select({ username: users.username, email: users.email })
            .from(users)
            .where(sql`lower(${users.username}) = lower(${body.username}) or lower(${users.email}) = lower(${link.email})`)
            .limit(1);
          if (taken) {
            throw conflict(taken.username.toLowerCase() === body.username.toLowerCase() ? "Username already exists" : "Email already exists");
          }
          const [created] = await tx
            .insert(users)
            .values({
              username: body.username,
              passwordHash,
              email: link.email,
              firstName: body.firstName,
              lastName: body.lastName,
              role: link.role,
              companyId: link.companyId,
              lastAccessAt: new Date(),
            })
            .returning();
          await tx.update(registrationLinks).set({ usedBy: created.id }).where(eq(registrationLinks.id, link.id));
          return created;
        });
        await audit(db, req, "user.register", { type: "user", id: user.id }, { role: user.role, companyId: user.companyId }, user.id);
        await startSession(db, config, req, reply, user.id);
        return reply.status(201).send(toCurrentUser(user));
      },
    );
  };
