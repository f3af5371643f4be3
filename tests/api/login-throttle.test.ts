// Issue 22, item 3 (and 11): 130 wrong passwords for adminB, each with another X-Forwarded-For,
// gave 130 × 401 and never 429, then the right password 200. Now: TRUST_PROXY names the proxies
// (the client cannot pick its address), a per-account limit keyed on the username (known or not)
// locks after 5 wrong passwords with growing lock times, only password + second factor or a super
// admin lifts it, every step is audited, unknown usernames included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { createTestApp, PASSWORD, type TestContext, type TestUser } from "../helpers/app";
import { auditLog, loginThrottle } from "../../src/server/db/schema";
import { accountKey, usernameMarker, lockDurationMs, FREE_FAILURES } from "../../src/server/auth/login-throttle";
import type { TotpEnrolment } from "../../src/common/types";

let ctx: TestContext;
let companyB: number;
let adminB: TestUser;
let sup: TestUser;
const json = { "content-type": "application/json" };
const STEP_MS = 30_000;
const codeAt = (secret: string, offset = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: (Math.floor(Date.now() / STEP_MS) + offset) * STEP_MS + 1000,
  });

const login = (username: string, password: string, extra: Record<string, unknown> = {}, ip = "203.0.113.1") =>
  ctx.request("POST", "/api/login", { body: { username, password, ...extra }, headers: { ...json, "x-forwarded-for": ip } });

beforeAll(async () => {
  // Rate limits on, the test client (127.0.0.1) is the one trusted proxy: what production looks like.
  ctx = await createTestApp({ rateLimit: true, trustProxy: ["127.0.0.1"] });
  companyB = await ctx.createCompany("Throttle B GmbH");
  adminB = await ctx.createUser("company_admin", companyB);
  sup = await ctx.createUser("super_admin", null);
});
afterAll(() => ctx.close());

describe("per-account limit on wrong passwords", () => {
  it("130 wrong passwords from 130 addresses: 5 × 401, then 429; the right password is refused too until a super admin lifts the lock", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 130; i++) codes.push((await login(adminB.username, `Falsch!Passwort${i}`, {}, `198.51.100.${i}`)).statusCode);
    expect(codes.slice(0, FREE_FAILURES - 1)).toEqual(Array(FREE_FAILURES - 1).fill(401));
    expect(codes.slice(FREE_FAILURES - 1).every((c) => c === 429)).toBe(true);
    // Only the wrong passwords before the lock and the ones during it count; the count is capped in time.
    const right = await login(adminB.username, PASSWORD, {}, "192.0.2.77");
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe("account_locked");
    expect(right.json().message).toMatch(/Zu viele falsche Passwörter für dieses Konto/);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);

    const locks = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.login_locked"), eq(auditLog.targetId, String(adminB.id))));
    expect(locks.length).toBeGreaterThan(0);
    // The address in the audit log is the client's as the trusted proxy (127.0.0.1) passed it on.
    const failures = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.login_failed"), eq(auditLog.targetId, String(adminB.id))));
    expect(failures.map((f) => f.ip)).toContain("198.51.100.0");

    // A company admin may not lift it; a super admin may.
    const other = await ctx.createUser("company_admin", companyB);
    expect((await ctx.request("POST", `/api/users/${adminB.id}/unlock-login`, { user: other, body: {}, headers: json })).statusCode).toBe(
      403,
    );
    const unlock = await ctx.request("POST", `/api/users/${adminB.id}/unlock-login`, { user: sup, body: {}, headers: json });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().lifted).toBe(true);
    const [lifted] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.login_unlocked"), eq(auditLog.targetId, String(adminB.id))));
    expect(lifted).toMatchObject({ actorId: sup.id, details: { by: "super_admin", wasLocked: true } });
    expect((await login(adminB.username, PASSWORD)).statusCode).toBe(200);
  }, 300_000);

  it("locks unknown usernames the same way (no difference between existing and not)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await login("gibt-es-nicht", `Falsch!${i}x`, {}, `198.51.100.${200 + i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    const [row] = await ctx.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.accountKey, accountKey("GIBT-es-nicht ")));
    expect(row.failures).toBe(8);
  });

  it("audits sign-in attempts on unknown usernames with a hash of the name, never the name (item 11)", async () => {
    await login("sprueh-ziel", "Falsch!Passwort1");
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.login_failed"), isNull(auditLog.targetId)));
    const mine = rows.filter((r) => (r.details as { account?: string }).account === usernameMarker("sprueh-ziel"));
    expect(mine).toHaveLength(1);
    expect(mine[0].details).toEqual({ step: "password", unknownUser: true, account: usernameMarker("sprueh-ziel") });
    expect(JSON.stringify(rows)).not.toContain("sprueh-ziel");
  });

  it("grows the lock: 30 s, 1 min, 2 min … capped at 15 min", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 20].map(lockDurationMs)).toEqual([0, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
  });

  it("the owner lifts the lock with password and TOTP code in one request; password alone or with a wrong code stays 429", async () => {
    const owner = await ctx.createUser("company_admin", companyB);
    const start = await ctx.request("POST", "/api/user/mfa/totp", { user: owner, body: { password: PASSWORD }, headers: json });
    const { secret } = start.json<TotpEnrolment>();
    expect(
      (await ctx.request("POST", "/api/user/mfa/totp/confirm", { user: owner, body: { code: codeAt(secret) }, headers: json })).statusCode,
    ).toBe(200);
    for (let i = 0; i < FREE_FAILURES; i++) await login(owner.username, `Falsch!Passwort${i}`, {}, `198.51.100.${i}`);
    expect((await login(owner.username, PASSWORD)).statusCode).toBe(429);
    expect((await login(owner.username, PASSWORD, { code: codeAt(secret, 5) })).statusCode).toBe(429);
    // A right code with a wrong password gives nothing away either.
    expect((await login(owner.username, "Falsch!Passwort9", { code: codeAt(secret, 1) })).statusCode).toBe(429);
    const ok = await login(owner.username, PASSWORD, { code: codeAt(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: owner.id });
    const [lifted] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.login_unlocked"), eq(auditLog.targetId, String(owner.id))));
    expect(lifted.details).toEqual({ by: "owner", method: "password+totp" });
  });

  it("wrong current passwords on signed-in routes count against the same account", async () => {
    const u = await ctx.createUser("user", companyB);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.request("POST", "/api/user/change-password", {
        user: u,
        body: { currentPassword: `Falsch!Passwort${i}`, newPassword: "Neues!Kennwort7" },
        headers: { ...json, "x-forwarded-for": `198.51.100.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await login(u.username, PASSWORD)).statusCode).toBe(429);
  });
});

describe("addresses through trusted proxies only", () => {
  it("an untrusted client's X-Forwarded-For is ignored in the audit log", async () => {
    const other = await createTestApp({ trustProxy: ["10.0.0.1"] });
    try {
      const u = await other.createUser("user", null);
      await other.request("POST", "/api/login", {
        body: { username: u.username, password: "Falsch!Passwort1" },
        headers: { ...json, "x-forwarded-for": "203.0.113.99" },
      });
      const [row] = await other.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "user.login_failed"), eq(auditLog.targetId, String(u.id))));
      expect(row.ip).toBe("127.0.0.1");
    } finally {
      await other.close();
    }
  }, 120_000);
});
