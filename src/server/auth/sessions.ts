// Server-side sessions: a random 32-byte token in an HttpOnly cookie, only its sha256 stored.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { Config } from "../config";

export const SESSION_COOKIE = "bauklar_sid";

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export type SessionUser = typeof users.$inferSelect;

export interface AuthContext {
  sessionId: number;
  user: SessionUser;
  /** The super admin behind an impersonation, if any. */
  impersonatorId: number | null;
}

/** Creates a session and sets its cookie. Rotation = delete the old one, then create. */
export async function startSession(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  impersonatorId: number | null = null,
) {
  await endSession(db, req, reply);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + config.sessionMaxAgeMs);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, impersonatorId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicOrigin.startsWith("https://"),
    expires: expiresAt,
  });
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply) {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** last_seen_at / last_access_at are written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

export async function loadSession(db: Db, config: Config, token: string): Promise<AuthContext | null> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - config.sessionIdleMs);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    if (!row.session.impersonatorId) {
      await db.update(users).set({ lastAccessAt: now }).where(eq(users.id, row.user.id));
    }
  }
  return { sessionId: row.session.id, user: row.user, impersonatorId: row.session.impersonatorId };
}

/** Removes sessions past their absolute or idle expiry (called periodically). */
export async function purgeExpiredSessions(db: Db, config: Config) {
  const idleCutoff = new Date(Date.now() - config.sessionIdleMs);
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= ${idleCutoff}`);
}
