// Einstellungen → Konto, "Angemeldete Geräte": the user's own sessions (never a token or its
// hash), ending one of them or all others. Impersonation sessions of an admin are not the
// user's and are neither listed nor ended here. Ending a session is a write request, so this
// instance's session cache forgets it at once (http/local-writes.ts); other instances within
// CACHE_STALE_MS.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import { MFA_TEXTS, emptyBodySchema } from "../../common/schemas/mfa";
import type { AppDeps } from "../app";
import { messageSchema, sessionSchema, sessionsEndedSchema } from "../../common/schemas/responses";
import { z } from "zod";
import { deleteOtherOwnSessions, deleteOwnSession, ownLiveSessions } from "./queries";
import { audit } from "../audit/log";
import { forbidden, notFound } from "../http/errors";
import { NOT_WHILE_IMPERSONATING } from "../users/self-service";
import { requireUser } from "./guards";
import { SESSION_COOKIE } from "./sessions";
import { parseUserAgent } from "./user-agent";

export const sessionRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const own = (req: Parameters<typeof requireUser>[0]) => {
      const user = requireUser(req);
      if (req.auth?.impersonatorId) throw forbidden(NOT_WHILE_IMPERSONATING);
      return { user, sessionId: req.auth!.sessionId };
    };

    app.get(
      "/api/user/sessions",
      { schema: { summary: "Eigene Sitzungen (Geräte)", response: { 200: z.array(sessionSchema) } } },
      async (req, reply) => {
        reply.header("Cache-Control", "no-store");
        const { user, sessionId } = own(req);
        const rows = await ownLiveSessions(db, user.id, new Date(Date.now() - config.sessionIdleMs));
        return rows.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          ...parseUserAgent(s.userAgent),
          ip: s.ip,
          authMethod: s.authMethod,
          current: s.id === sessionId,
        }));
      },
    );

    app.delete("/api/user/sessions/:id", { schema: { params: idParam, response: { 200: messageSchema } } }, async (req, reply) => {
      const { user, sessionId } = own(req);
      if (!(await deleteOwnSession(db, user.id, req.params.id))) throw notFound(MFA_TEXTS.sessionNotFound);
      await audit(
        db,
        req,
        "user.session_end",
        { type: "user", id: user.id },
        { sessionId: req.params.id, current: req.params.id === sessionId },
      );
      if (req.params.id === sessionId) reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "Sitzung beendet" };
    });

    app.post(
      "/api/user/sessions/end-others",
      { schema: { body: emptyBodySchema, response: { 200: sessionsEndedSchema } } },
      async (req) => {
        const { user, sessionId } = own(req);
        const ended = await deleteOtherOwnSessions(db, user.id, sessionId);
        await audit(db, req, "user.sessions_end_others", { type: "user", id: user.id }, { ended });
        return { message: "Alle anderen Sitzungen beendet", ended };
      },
    );
  };
