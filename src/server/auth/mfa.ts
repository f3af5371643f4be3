// The second factor: TOTP (RFC 6238, 30 s steps, 6 digits, ±1 step of clock drift) with replay
// protection, single-use recovery codes (argon2id), and what a user's factors mean for the
// MFA_REQUIRED_ROLES / company rule.
import { randomInt } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import { companies, mfaRecoveryCodes, passkeys, users } from "../db/schema";
import { hashPassword } from "./passwords";
import { verify } from "@node-rs/argon2";
import { openSecret, sealSecret } from "./secret-box";
import { secondFactorState, type SecondFactorState, type SessionUser } from "./sessions";

export const TOTP_ISSUER = "bauklar";
const PERIOD = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

function totp(secretBase32: string, label = "") {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A fresh secret (160 bits, RFC 4226's recommendation), its otpauth:// URL and the QR code as SVG data URL. */
export async function newTotpEnrolment(username: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totp(secret, username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export const sealTotpSecret = (config: Config, userId: number, secret: string) => sealSecret(secret, userId, config.mfaSecretKey);

/** The time step a 6-digit code belongs to (now ±1 step), or null. */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(secretBase32);
  const delta = t.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ""));

/**
 * Checks a code against the user's active TOTP secret and consumes its time step: the same code
 * (or an older one) is refused afterwards, also when two requests race (conditional UPDATE).
 */
export async function consumeTotpCode(
  db: DbOrTx,
  config: Config,
  user: Pick<SessionUser, "id" | "totpSecret" | "totpEnabledAt">,
  code: string,
): Promise<boolean> {
  if (!user.totpSecret || !user.totpEnabledAt) return false;
  const step = matchTotpStep(openSecret(user.totpSecret, user.id, config.mfaSecretKey), code.replace(/\s+/g, ""));
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

// Crockford's base32 without the letters that look like digits: 10 characters = 50 bits.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function normalizeRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
}

function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces the user's recovery codes with 10 new ones; only their argon2id hashes are stored. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalizeRecoveryCode(c))));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/** Uses up one unused recovery code of the user; false if none matches (or a racing request took it). */
export async function consumeRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[0-9a-z]{10}$/.test(normalized)) return false;
  const unused = await db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verify(row.codeHash, normalized).catch(() => false))) continue;
    const used = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    return used.length === 1;
  }
  return false;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A user's second-factor state read from the database (login, where no session exists yet). */
export async function loadSecondFactorState(db: DbOrTx, config: Config, user: SessionUser): Promise<SecondFactorState> {
  const [row] = await db
    .select({
      passkeyCount: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${user.id})`.mapWith(Number),
      companyRequires:
        sql<boolean>`coalesce((select ${companies.mfaRequired} from ${companies} where ${companies.id} = ${user.companyId}), false)`.mapWith(
          Boolean,
        ),
    })
    .from(users)
    .where(eq(users.id, user.id));
  return secondFactorState(config, user, row?.companyRequires ?? false, row?.passkeyCount ?? 0);
}

/** Removes every second factor of a user: TOTP, recovery codes and passkeys. */
export async function removeSecondFactors(db: DbOrTx, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const [before] = await db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return { totp: before?.totpEnabledAt != null, passkeys: removed.length };
}
