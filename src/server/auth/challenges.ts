// Sign-in state that is not (yet) a session: a password login waiting for its second factor and
// the WebAuthn challenge of a passkey login. The browser holds a random token in its own cookie,
// HttpOnly, SameSite=Strict and sent only to /api/login…; the database keeps its sha256, the user,
// the challenge and the count of wrong codes. Nothing here signs anyone in: the session cookie is
// set only by startSession() once the second step succeeded.
import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { authChallenges } from "../db/schema";
import { sha256 } from "./sessions";

export const LOGIN_COOKIE = "bauklar_login";
const COOKIE_PATH = "/api/login";
/** How long a password login waits for its second factor, and a passkey challenge stays valid. */
export const PENDING_LOGIN_MS = 5 * 60_000;
/** Wrong codes one pending login may take; the next answer ends it (429). */
export const MAX_CODE_ATTEMPTS = 5;

export type ChallengeRow = typeof authChallenges.$inferSelect;
export type LoginPurpose = "mfa" | "passkey_login";

function tokenHashOf(req: FastifyRequest): string | null {
  const token = req.cookies[LOGIN_COOKIE];
  return token && token.length < 200 ? sha256(token) : null;
}

/** Starts a pending login (or passkey challenge), replacing the one this browser had. */
export async function startChallenge(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  values: { purpose: LoginPurpose; userId?: number | null; challenge?: string | null },
) {
  await clearChallenge(db, req, reply);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PENDING_LOGIN_MS);
  await db.insert(authChallenges).values({
    tokenHash: sha256(token),
    purpose: values.purpose,
    userId: values.userId ?? null,
    challenge: values.challenge ?? null,
    expiresAt,
  });
  reply.setCookie(LOGIN_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: config.publicOrigin.startsWith("https://"),
    expires: expiresAt,
  });
}

/** This browser's pending login or passkey challenge, if it is still valid. */
export async function currentChallenge(db: Db, req: FastifyRequest): Promise<ChallengeRow | undefined> {
  const tokenHash = tokenHashOf(req);
  if (!tokenHash) return undefined;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.tokenHash, tokenHash), gt(authChallenges.expiresAt, new Date())))
    .limit(1);
  return row?.purpose === "passkey_register" ? undefined : row;
}

export async function clearChallenge(db: Db, req: FastifyRequest, reply: FastifyReply) {
  const tokenHash = tokenHashOf(req);
  if (tokenHash) await db.delete(authChallenges).where(eq(authChallenges.tokenHash, tokenHash));
  if (req.cookies[LOGIN_COOKIE] !== undefined) reply.clearCookie(LOGIN_COOKIE, { path: COOKIE_PATH });
}

/**
 * Takes one attempt of a pending login before the code is checked, so even racing requests get
 * at most MAX_CODE_ATTEMPTS checks. Returns the attempt number, or null when none is left.
 */
export async function takeAttempt(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ failedAttempts: sql`${authChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(authChallenges.id, id),
        sql`${authChallenges.failedAttempts} < ${MAX_CODE_ATTEMPTS}`,
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ attempts: authChallenges.failedAttempts });
  return row ? row.attempts : null;
}

/** Deletes the row if it still exists; false when a racing request already used it. */
export async function consumeChallenge(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(authChallenges).where(eq(authChallenges.id, id)).returning({ id: authChallenges.id });
  return rows.length === 1;
}
