// The auth area's database work (sign-in, registration, sessions, second factor, passkeys,
// password reset): the routes check, decide and answer; the statements live here.
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { auditLog, authChallenges, mfaRecoveryCodes, passkeys, passwordResets, registrationLinks, sessions, users } from "../db/schema";

type UserRow = typeof users.$inferSelect;
type PasskeyRow = typeof passkeys.$inferSelect;

// ---- Accounts ----

/** The account whose username matches regardless of case (sign-in). */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user;
}

/** The account whose username or e-mail matches regardless of case ("Passwort vergessen?"). */
export async function findUserByUsernameOrEmail(db: DbOrTx, username: string, email = username) {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await db.insert(users).values(values).returning();
  return created;
}

export async function touchLastAccess(db: DbOrTx, userId: number) {
  await db.update(users).set({ lastAccessAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Consumes a valid registration link by one conditional UPDATE: of two racing registrations only
 * one gets the row.
 */
export async function consumeRegistrationLink(db: DbOrTx, token: string) {
  const [link] = await db
    .update(registrationLinks)
    .set({ used: true, usedAt: new Date() })
    .where(and(eq(registrationLinks.token, token), eq(registrationLinks.used, false), gt(registrationLinks.expiresAt, new Date())))
    .returning();
  return link;
}

export async function recordRegistrationLinkUse(db: DbOrTx, linkId: number, userId: number, email: string) {
  await db.update(registrationLinks).set({ usedBy: userId, email }).where(eq(registrationLinks.id, linkId));
}

/** Wrong second-factor answers (code or passkey) of the account since `since`, from the audit log. */
export async function codeFailuresSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "user.login_failed"),
        eq(auditLog.targetType, "user"),
        eq(auditLog.targetId, String(userId)),
        gt(auditLog.createdAt, since),
        sql`${auditLog.details}->>'step' in ('code', 'passkey')`,
      ),
    );
  return row?.n ?? 0;
}

// ---- Sessions (the user's own, never an impersonation) ----

/** The user's live sessions, most recently seen first: not expired and seen after `idleSince`. */
export function ownLiveSessions(db: DbOrTx, userId: number, idleSince: Date) {
  return db
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
        eq(sessions.userId, userId),
        isNull(sessions.impersonatorId),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one own session; false when the user has none with that id. */
export async function deleteOwnSession(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.impersonatorId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every own session except `keep`; the number ended. */
export async function deleteOtherOwnSessions(db: DbOrTx, userId: number, keep: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.impersonatorId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}

// ---- TOTP ----

/** Stores a new, not yet active secret (only while TOTP is off). */
export async function storePendingTotpSecret(db: DbOrTx, userId: number, sealedSecret: string) {
  await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** Activates the pending secret it was confirmed for; false when it changed or TOTP is on already. */
export async function activateTotp(db: DbOrTx, userId: number, sealedSecret: string, step: number): Promise<boolean> {
  const [enabled] = await db
    .update(users)
    .set({ totpEnabledAt: new Date(), totpLastStep: step })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, sealedSecret)))
    .returning({ id: users.id });
  return enabled !== undefined;
}

/** Turns TOTP off with its recovery codes; whether it was on. Run in a transaction (row lock). */
export async function disableTotp(db: DbOrTx, userId: number): Promise<boolean> {
  const [before] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).for("update");
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return before?.enabledAt != null;
}

// ---- Passkeys ----

export const passkeysOf = (db: DbOrTx, userId: number) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.id);

/** The credential ids (and transports) of the user's passkeys, for the WebAuthn options. */
export const passkeyCredentialsOf = (db: DbOrTx, userId: number) =>
  db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

export async function findPasskeyByCredential(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return passkey;
}

export async function findOwnPasskey(db: DbOrTx, id: number, userId: number): Promise<PasskeyRow | undefined> {
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return passkey;
}

export async function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [created] = await db.insert(passkeys).values(values).returning();
  return created;
}

/** Deletes an own passkey; false when it is gone already. */
export async function deleteOwnPasskey(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

/** After a sign-in with the passkey: its new signature counter and the time. */
export async function recordPasskeyUse(db: DbOrTx, id: number, counter: number) {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

// ---- WebAuthn challenges bound to a session or pending login ----

/** The session's one open passkey registration: a new challenge replaces an older one. */
export async function replaceRegistrationChallenge(db: DbOrTx, sessionId: number, userId: number, challenge: string, expiresAt: Date) {
  await db.delete(authChallenges).where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.purpose, "passkey_register")));
  await db.insert(authChallenges).values({ purpose: "passkey_register", sessionId, userId, challenge, expiresAt });
}

/** Takes (deletes and returns) the session's open passkey registration: a challenge is used once. */
export async function takeRegistrationChallenge(db: DbOrTx, sessionId: number) {
  const [challenge] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.purpose, "passkey_register")))
    .returning();
  return challenge;
}

export async function setChallenge(db: DbOrTx, id: number, challenge: string) {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
}

/** Every pending login and open registration of the user. */
export async function deleteChallengesOf(db: DbOrTx, userId: number) {
  await db.delete(authChallenges).where(eq(authChallenges.userId, userId));
}

// ---- Password reset links (only the sha256 of a token is stored) ----

export async function resetLinksSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertResetLink(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** Claims an open, unexpired link in one statement (a second use finds it used): its user, or null. */
export async function claimResetLink(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const [link] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  return link?.userId ?? null;
}

/** Sets the new password, ends the user's sessions and spends their other open links. */
export async function applyPasswordReset(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
