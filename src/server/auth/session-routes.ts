// Einstellungen → Konto, "Angemeldete Geräte": the user's own sessions (never a token or its
// hash), ending one of them or all others. Impersonation sessions of an admin are not the
// user's and are neither listed nor ended here. Ending a session is a write request, so this
// instance's session cache forgets it at once (http/local-writes.ts); other instances within
// CACHE_STALE_MS.
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import { MFA_TEXTS, emptyBodySchema } from "../../common/schemas/mfa";
import type { SessionDto } from "../../common/types";
import type { AppDeps } from "../app";
import { sessions } from "../db/schema";
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

    app.get("/api/user/sessions", { schema: { summary: "Eigene Sitzungen (Geräte)" } }, async (req, reply): Promise<SessionDto[]> => {
      reply.header("Cache-Control", "no-store");
      const { user, sessionId } = own(req);
      const now = new Date();
      const rows = await db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          authMethod: sessions.authMethod,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, user.id),
            isNull(sessions.impersonatorId),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - config.sessionIdleMs)),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
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
    });

    app.delete("/api/user/sessions/:id", { schema: { params: idParam } }, async (req, reply) => {
      const { user, sessionId } = own(req);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, req.params.id), eq(sessions.userId, user.id), isNull(sessions.impersonatorId)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound(MFA_TEXTS.sessionNotFound);
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

    app.post("/api/user/sessions/end-others", { schema: { body: emptyBodySchema } }, async (req) => {
      const { user, sessionId } = own(req);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.impersonatorId), ne(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      await audit(db, req, "user.sessions_end_others", { type: "user", id: user.id }, { ended: ended.length });
      return { message: "Alle anderen Sitzungen beendet", ended: ended.length };
    });
  };
