// Impersonation (requirements 2.4 and 2.6, docs/architecture.md): a super admin acts as another user.
// Both paths are full-page GET navigations, so they act only on same-origin navigations
// (Sec-Fetch-Site) and rotate the session; every start and stop is audited.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { canImpersonate } from "../../common/schemas/user";
import type { AppDeps } from "../app";
import { findUser } from "../users/queries";
import { requireRole, requireUser } from "../auth/guards";
import { endSession, startSession } from "../auth/sessions";
import { accountLockedUntil } from "../auth/login-throttle";
import { audit } from "../audit/log";
import { badRequest, forbidden, notFound, unauthorized } from "../http/errors";
import { redirectResponse } from "../api-docs/multipart";

const userIdParam = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const IMPERSONATOR_INVALID = "Die Impersonation ist beendet. Bitte melden Sie sich erneut an.";
export const CROSS_SITE = "Diese Aktion ist nur innerhalb der Anwendung möglich.";

/** A link on another site must not switch the session (a GET is not covered by the origin check). */
function assertSameOriginNavigation(req: FastifyRequest) {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") throw forbidden(CROSS_SITE);
}

export const impersonationRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/impersonate/:userId",
      { schema: { params: userIdParam, ...redirectResponse("/dashboard/") }, config: { writes: true } },
      async (req, reply) => {
        assertSameOriginNavigation(req);
        if (req.auth?.impersonatorId) throw forbidden("Bitte beenden Sie zuerst die aktuelle Impersonation.");
        const admin = requireRole(req, "super_admin");
        const target = await findUser(db, req.params.userId);
        if (!target) throw notFound("Benutzer nicht gefunden");
        if (!canImpersonate(admin, target)) throw badRequest("Sie können sich nicht als Sie selbst anmelden.");
        await audit(db, req, "impersonation.start", { type: "user", id: target.id }, { username: target.username, role: target.role });
        // The impersonation ends no later than the admin's own session would have.
        await startSession(db, config, req, reply, target.id, admin.id, "impersonation", req.auth!.expiresAt);
        return reply.redirect("/dashboard/", 302);
      },
    );

    app.get(
      "/api/stop-impersonation",
      { schema: { summary: "Ansicht als anderer Benutzer beenden", ...redirectResponse("/dashboard/users") }, config: { writes: true } },
      async (req, reply) => {
        assertSameOriginNavigation(req);
        const impersonated = requireUser(req);
        const adminId = req.auth?.impersonatorId;
        if (!adminId) throw badRequest("Es ist keine Impersonation aktiv.");
        const { expiresAt, createdAt } = req.auth!;
        // The admin is checked again: still there, still a super admin, not locked out of sign-in,
        // password unchanged since the impersonation began. Otherwise the session just ends.
        const admin = await findUser(db, adminId);
        const refusal = !admin
          ? "gone"
          : admin.role !== "super_admin"
            ? "role"
            : admin.passwordChangedAt > createdAt
              ? "password_changed"
              : (await accountLockedUntil(db, admin.username))
                ? "locked"
                : null;
        if (refusal) {
          await audit(
            db,
            req,
            "impersonation.stop",
            { type: "user", id: impersonated.id },
            { username: impersonated.username, refused: refusal },
            impersonated.id,
          );
          await endSession(db, req, reply);
          throw unauthorized(IMPERSONATOR_INVALID);
        }
        await audit(db, req, "impersonation.stop", { type: "user", id: impersonated.id }, { username: impersonated.username }, adminId);
        // The admin's session keeps the absolute expiry it had before the impersonation.
        await startSession(db, config, req, reply, adminId, null, "password", expiresAt);
        return reply.redirect("/dashboard/users", 302);
      },
    );
  };
