// The per-account limit on wrong passwords (issue 22, item 3b). Keyed on the lower-cased username
// whether the account exists or not (an unknown name behaves like a known one), independent of the
// client address: 5 wrong passwords are free, then each further one locks the account for a
// growing time (30 s, 1, 2, 4, 8 min, then 15 min each). While locked, a password alone is
// refused — right or wrong, same answer; the owner gets in with password plus a TOTP or recovery
// code in the same request, or with a passkey, and a super admin can lift the lock. A correct
// sign-in clears the count; a count untouched for a day starts over.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import { audit } from "../audit/log";
import { tooManyRequests } from "../http/errors";

export const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

export { ACCOUNT_LOCKED_CODE } from "../../common/schemas/auth";

/** The German answer while an account is locked; minutes rounded up. */
export function accountLockedMessage(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return (
    `Zu viele falsche Passwörter für dieses Konto. Die Anmeldung mit Passwort ist für ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} gesperrt. ` +
    "Mit Passwort und Code aus Ihrer Authenticator-App (oder einem Wiederherstellungscode) oder mit Ihrem Passkey können Sie sich weiterhin anmelden; " +
    "sonst hebt ein Systemadministrator die Sperre auf."
  );
}

/** sha256 of the trimmed, lower-cased username: the same key for known and unknown names. */
export const accountKey = (username: string) => createHash("sha256").update(`login:${username.trim().toLowerCase()}`).digest("hex");

/** A short, non-reversible marker of a username for the audit log (spray detection without storing input). */
export const usernameMarker = (username: string) => accountKey(username).slice(0, 16);

/** Lock time after the n-th failure in a row (0 while still free). */
export function lockDurationMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES));
}

/** The end of the account's lock, or null when it is not locked. */
export async function accountLockedUntil(db: Db, username: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.accountKey, accountKey(username)));
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
}

/**
 * Counts a wrong password for the account (atomically, so parallel guesses all count) and locks
 * it when the free attempts are used up. Returns the lock's end, if any. Audited.
 */
export async function recordWrongPassword(
  db: Db,
  req: FastifyRequest | null,
  username: string,
  userId: number | null,
): Promise<Date | null> {
  const key = accountKey(username);
  const forgetBefore = new Date(Date.now() - FORGET_AFTER_MS);
  const [row] = await db
    .insert(loginThrottle)
    .values({ accountKey: key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.accountKey,
      set: {
        failures: sql`case when ${loginThrottle.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottle.failures} + 1 end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const ms = lockDurationMs(row.failures);
  if (ms === 0) return null;
  const until = new Date(Date.now() + ms);
  await db.update(loginThrottle).set({ lockedUntil: until }).where(eq(loginThrottle.accountKey, key));
  await audit(
    db,
    req,
    "user.login_locked",
    userId === null ? null : { type: "user", id: userId },
    { failures: row.failures, lockedSeconds: ms / 1000, account: usernameMarker(username) },
    userId ?? undefined,
  );
  return until;
}

/** A correct sign-in (or an admin) clears the count and any lock; true when a lock was lifted. */
export async function clearWrongPasswords(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .delete(loginThrottle)
    .where(eq(loginThrottle.accountKey, accountKey(username)))
    .returning({ lockedUntil: loginThrottle.lockedUntil });
  return !!row?.lockedUntil && row.lockedUntil.getTime() > Date.now();
}

/**
 * The own password asked again by a signed-in route (password change, second-factor settings):
 * the same account limit as the sign-in, so a stolen session cannot guess the password either.
 */
export async function verifyOwnPassword(
  db: Db,
  req: FastifyRequest,
  user: { id: number; username: string; passwordHash: string },
  password: string,
  verify: (hash: string, password: string) => Promise<boolean>,
): Promise<boolean> {
  const locked = await accountLockedUntil(db, user.username);
  if (locked) throw tooManyRequests(accountLockedMessage(locked));
  if (await verify(user.passwordHash, password)) return true;
  const until = await recordWrongPassword(db, req, user.username, user.id);
  if (until) throw tooManyRequests(accountLockedMessage(until));
  return false;
}
