// Server-side sessions: a random 32-byte token in an HttpOnly cookie, only its sha256 stored.
import { createHash, randomBytes } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, DbOrTx } from "../db/client";
import { authChallenges, companies, passkeys, sessions, users } from "../db/schema";
import type { Config } from "../config";
import type { LocalWrites } from "../http/local-writes";

export const SESSION_COOKIE = "bauklar_sid";

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export type SessionUser = typeof users.$inferSelect;

export interface AuthContext {
  sessionId: number;
  user: SessionUser;
  /** The super admin behind an impersonation, if any. */
  impersonatorId: number | null;
  /** The session's absolute expiry (an impersonation keeps the admin's; stopping it gives it back). */
  expiresAt: Date;
  /** When the session began (stopping an impersonation checks the admin's password is older). */
  createdAt: Date;
  /** The user's second factors and whether role or company demand one (auth/mfa.ts). */
  mfa: SecondFactorState;
}

export interface SecondFactorState {
  totp: boolean;
  passkeys: number;
  /** MFA_REQUIRED_ROLES names the user's role, or the user's company requires a second factor. */
  required: boolean;
  /** Required but not set up, and not an impersonation: every API route but enrolment answers 403. */
  setupRequired: boolean;
}

/** How a session was opened (sessions.auth_method), shown in the user's session list. */
export type AuthMethod = "password" | "password+totp" | "password+recovery_code" | "passkey" | "impersonation" | "registration";

export function secondFactorState(
  config: Config,
  user: Pick<SessionUser, "role" | "totpEnabledAt">,
  companyRequires: boolean,
  passkeyCount: number,
  impersonated = false,
): SecondFactorState {
  const totp = user.totpEnabledAt !== null;
  const required = companyRequires || config.mfaRequiredRoles.includes(user.role);
  return { totp, passkeys: passkeyCount, required, setupRequired: required && !totp && passkeyCount === 0 && !impersonated };
}

/** Creates a session and sets its cookie. Rotation = delete the old one, then create. */
export async function startSession(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  impersonatorId: number | null = null,
  authMethod: AuthMethod = impersonatorId === null ? "password" : "impersonation",
  /** An absolute expiry carried over (impersonation start and stop), never later than a fresh one. */
  carriedExpiry?: Date,
) {
  await endSession(db, req, reply);
  const token = randomBytes(32).toString("base64url");
  const fresh = new Date(Date.now() + config.sessionMaxAgeMs);
  const expiresAt = carriedExpiry && carriedExpiry < fresh ? carriedExpiry : fresh;
  const userAgent = req.headers["user-agent"]?.slice(0, 512) || null;
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, impersonatorId, expiresAt, userAgent, ip: req.ip, authMethod });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicOrigin.startsWith("https://"),
    expires: expiresAt,
  });
}

/**
 * Ends every session of the user: their own and every impersonation they run (issue 22: an
 * impersonation outlived the impersonator's password change and turned back into a super admin).
 * `keep` is the one session that stays (the device that changed its own password).
 */
export async function endSessionsOf(db: DbOrTx, userId: number, keep?: number) {
  const theirs = or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId));
  await db.delete(sessions).where(keep === undefined ? theirs : sql`${theirs} and ${sessions.id} <> ${keep}`);
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply) {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** last_seen_at / last_access_at are written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;
/** Bound on remembered sessions; past it the cache starts over (a flood of sessions cannot grow memory). */
const MAX_CACHED = 10_000;

type SessionRow = { session: typeof sessions.$inferSelect; user: SessionUser; companyRequiresMfa: boolean | null; passkeyCount: number };

/**
 * Resolves a session cookie to its user on every request. A session's row is remembered for
 * config.cacheStaleMs and re-read as soon as this instance answered any write request (see
 * http/local-writes.ts), so logout, password changes and role changes made here act on the next
 * request; the expiry checks run on every request.
 */
export function createSessionLoader(db: Db, config: Config, writes: LocalWrites) {
  // Built once: building a drizzle query per request costs more than running it.
  const byToken = db
    .select({
      session: sessions,
      user: users,
      companyRequiresMfa: companies.mfaRequired,
      passkeyCount: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_by_token");
  const cache = new Map<string, { row: SessionRow; writes: number; at: number }>();

  async function read(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    const cached = cache.get(tokenHash);
    if (cached && cached.writes === writes.count && now - cached.at < config.cacheStaleMs) return cached.row;
    const seenWrites = writes.count;
    const [row] = await byToken.execute({ tokenHash });
    if (!row) {
      cache.delete(tokenHash);
      return undefined;
    }
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(tokenHash, { row, writes: seenWrites, at: now });
    return row;
  }

  return async function loadSession(token: string): Promise<AuthContext | null> {
    const now = new Date();
    const tokenHash = sha256(token);
    const row = await read(tokenHash, now.getTime());
    if (!row || row.session.expiresAt <= now || row.session.lastSeenAt.getTime() <= now.getTime() - config.sessionIdleMs) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      row.session.lastSeenAt = now;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      if (!row.session.impersonatorId) {
        await db.update(users).set({ lastAccessAt: now }).where(eq(users.id, row.user.id));
      }
    }
    const impersonatorId = row.session.impersonatorId;
    const mfa = secondFactorState(config, row.user, row.companyRequiresMfa === true, row.passkeyCount, impersonatorId !== null);
    return {
      sessionId: row.session.id,
      user: row.user,
      impersonatorId,
      mfa,
      expiresAt: row.session.expiresAt,
      createdAt: row.session.createdAt,
    };
  };
}

/** Removes sessions past their absolute or idle expiry, and expired sign-in challenges (called periodically). */
export async function purgeExpiredSessions(db: Db, config: Config) {
  const idleCutoff = new Date(Date.now() - config.sessionIdleMs);
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= ${idleCutoff}`);
  await db.delete(authChallenges).where(sql`${authChallenges.expiresAt} <= now()`);
}
