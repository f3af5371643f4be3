// Issue 14, second factor: TOTP enrolment and the two-step login (replay, recovery codes, 5 wrong
// codes, pending login without a session), passkeys, MFA_REQUIRED_ROLES and the company flag,
// the super admin's reset, audit entries, and TOTP secrets encrypted with MFA_SECRET_KEY.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { LightMyRequestResponse } from "fastify";
import { auditLog, authChallenges, mfaRecoveryCodes, passkeys, sessions, users } from "../../src/server/db/schema";
import { MFA_REQUIRED_CODE, MFA_TEXTS } from "../../src/common/schemas/mfa";
import type { CurrentUser, MfaStatus, PasskeyDto, TotpEnrolment } from "../../src/common/types";
import { PASSWORD, createTestApp, sessionCookie, userRow, type TestContext, type TestUser } from "../helpers/app";
import { SoftAuthenticator } from "../helpers/soft-authenticator";

const STEP_MS = 30_000;
const step = () => Math.floor(Date.now() / STEP_MS);
/** The code of a time step relative to now (0 = current, 1 = next; the server accepts ±1). */
const codeAt = (secret: string, offset = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: (step() + offset) * STEP_MS + 1000 });

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : null;
};

async function actions(ctx: TestContext, action: string, targetId: number | string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

/** Sets up TOTP for a signed-in user through the API; the enrolment consumes the current step. */
async function enrolTotp(ctx: TestContext, user: TestUser) {
  const start = await ctx.request("POST", "/api/user/mfa/totp", { user, body: { password: PASSWORD } });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json<TotpEnrolment>();
  const confirm = await ctx.request("POST", "/api/user/mfa/totp/confirm", { user, body: { code: codeAt(secret) } });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step for a user with a second factor: returns the pending-login cookie. */
async function passwordStep(ctx: TestContext, username: string, headers: Record<string, string> = {}) {
  const res = await ctx.request("POST", "/api/login", { body: { username, password: PASSWORD }, headers });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ mfaRequired: true });
  const pending = cookieOf(res, "bauklar_login");
  expect(pending).not.toBeNull();
  return { res, pending: pending! };
}

const mfaStep = (ctx: TestContext, pending: string, code: string) =>
  ctx.request("POST", "/api/login/mfa", { cookie: pending, body: { code } });

/** Password and a TOTP code of the next step (the current one may be used up): a signed-in cookie. */
async function loginWithTotp(ctx: TestContext, username: string, secret: string, offset = 1) {
  const { pending } = await passwordStep(ctx, username);
  const res = await mfaStep(ctx, pending, codeAt(secret, offset));
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

// One database for all but the rate-limit test (a fresh one costs many seconds); the describes
// that need MFA_SECRET_KEY or MFA_REQUIRED_ROLES set them on the running app's config, which the
// routes read at request time, and restore them afterwards.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("TOTP enrolment and the two-step login", () => {
  let company: number;
  beforeAll(async () => {
    company = await ctx.createCompany("Zweifaktor Bau GmbH");
  });

  it("enrols only after a correct code, shows 10 recovery codes once and stores them hashed", async () => {
    const u = await ctx.createUser("user", company);
    expect((await ctx.request("GET", "/api/user", { user: u })).json<CurrentUser>()).toMatchObject({
      mfaEnabled: false,
      passkeyCount: 0,
      mfaSetupRequired: false,
    });

    const wrongPassword = await ctx.request("POST", "/api/user/mfa/totp", { user: u, body: { password: "Falsch!123" } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MFA_TEXTS.passwordIncorrect);

    const start = await ctx.request("POST", "/api/user/mfa/totp", { user: u, body: { password: PASSWORD } });
    expect(start.statusCode).toBe(200);
    const enrolment = start.json<TotpEnrolment>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/bauklar:${u.username}\\?`));
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUrl).toContain("issuer=bauklar");
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    // Not active before confirmation: login needs no code, GET /api/user says so.
    expect((await ctx.request("POST", "/api/login", { body: { username: u.username, password: PASSWORD } })).json()).toMatchObject({
      id: u.id,
    });

    const wrong = await ctx.request("POST", "/api/user/mfa/totp/confirm", { user: u, body: { code: codeAt(enrolment.secret, 5) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MFA_TEXTS.codeInvalid, errors: { code: MFA_TEXTS.codeInvalid } });
    expect((await ctx.request("GET", "/api/user", { user: u })).json().mfaEnabled).toBe(false);

    const confirm = await ctx.request("POST", "/api/user/mfa/totp/confirm", { user: u, body: { code: codeAt(enrolment.secret) } });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);

    expect((await ctx.request("GET", "/api/user", { user: u })).json<CurrentUser>().mfaEnabled).toBe(true);
    const status = (await ctx.request("GET", "/api/user/mfa", { user: u })).json<MfaStatus>();
    expect(status).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, required: false, setupRequired: false });

    const stored = await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      expect(recoveryCodes.some((c) => row.codeHash.includes(c.replace("-", "")))).toBe(false);
    }
    // Without MFA_SECRET_KEY the secret is stored as is (README, "Configuration").
    expect((await userRow(ctx.db, u.id)).totpSecret).toBe(enrolment.secret);
    expect(await actions(ctx, "user.mfa_enable", u.id)).toHaveLength(1);

    const again = await ctx.request("POST", "/api/user/mfa/totp", { user: u, body: { password: PASSWORD } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MFA_TEXTS.alreadyEnabled);
  });

  it("confirming without a started enrolment is a 400", async () => {
    const u = await ctx.createUser("user", company);
    const res = await ctx.request("POST", "/api/user/mfa/totp/confirm", { user: u, body: { code: "123456" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MFA_TEXTS.noEnrolment);
  });

  it("a password login answers { mfaRequired } with a pending-login cookie and no session; the code completes it with a new session", async () => {
    const u = await ctx.createUser("company_admin", company);
    const { secret } = await enrolTotp(ctx, u);
    const before = u.cookie;

    const { res, pending } = await passwordStep(ctx, u.username, { cookie: before });
    expect(res.json()).toEqual({ mfaRequired: true, methods: ["totp"] });
    // No signed-in session: the old one of this browser is ended and none is set.
    const sid = res.cookies.find((c) => c.name === "bauklar_sid");
    expect(sid?.value ?? "").toBe("");
    expect((await ctx.request("GET", "/api/user", { cookie: before })).statusCode).toBe(401);
    const pendingCookie = res.cookies.find((c) => c.name === "bauklar_login")!;
    expect(pendingCookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/login" });
    expect(pendingCookie.expires!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    expect(pendingCookie.expires!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);

    // The pending login cannot call anything else, not even as a session cookie.
    const token = pending.split("=")[1];
    for (const cookie of [pending, `bauklar_sid=${token}`, `${pending}; bauklar_sid=${token}`]) {
      expect((await ctx.request("GET", "/api/user", { cookie })).statusCode).toBe(401);
      expect((await ctx.request("GET", "/api/projects", { cookie })).statusCode).toBe(401);
      expect((await ctx.request("GET", "/api/user/sessions", { cookie })).statusCode).toBe(401);
      expect((await ctx.request("POST", "/api/user/mfa/totp", { cookie, body: { password: PASSWORD } })).statusCode).toBe(401);
    }
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);

    const wrong = await mfaStep(ctx, pending, codeAt(secret, 9));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MFA_TEXTS.codeInvalid);

    const ok = await mfaStep(ctx, pending, codeAt(secret, 1));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<CurrentUser>()).toMatchObject({ id: u.id, mfaEnabled: true, isImpersonating: false });
    const cookie = sessionCookie(ok);
    expect(cookie).not.toBe(before);
    expect(cookie.split("=")[1]).not.toBe(token);
    expect(cookieOf(ok, "bauklar_login")).toBe("bauklar_login=");
    expect((await ctx.request("GET", "/api/user", { cookie })).json().id).toBe(u.id);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(session.authMethod).toBe("password+totp");

    // The pending login is used up.
    expect((await mfaStep(ctx, pending, codeAt(secret, 1))).statusCode).toBe(401);
    expect(await ctx.db.select().from(authChallenges).where(eq(authChallenges.userId, u.id))).toHaveLength(0);

    const logins = await actions(ctx, "user.login", u.id);
    expect(logins.map((l) => l.details)).toContainEqual({ method: "password+totp" });
    const failures = await actions(ctx, "user.login_failed", u.id);
    expect(failures.map((l) => l.details)).toContainEqual({ step: "code" });
  });

  it("accepts a TOTP code once: the same code (or an older one) is a replay", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    // The enrolment used the current step.
    const first = await passwordStep(ctx, u.username);
    expect((await mfaStep(ctx, first.pending, codeAt(secret, 0))).statusCode).toBe(401);
    expect((await mfaStep(ctx, first.pending, codeAt(secret, 1))).statusCode).toBe(200);

    const second = await passwordStep(ctx, u.username);
    const replay = await mfaStep(ctx, second.pending, codeAt(secret, 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MFA_TEXTS.codeInvalid);
    expect((await mfaStep(ctx, second.pending, codeAt(secret, -1))).statusCode).toBe(401);
    expect((await userRow(ctx.db, u.id)).totpLastStep).toBe(step() + 1);
  });

  it("accepts each recovery code once, in any spelling", async () => {
    const u = await ctx.createUser("user", company);
    const { recoveryCodes } = await enrolTotp(ctx, u);
    const [code] = recoveryCodes;
    const first = await passwordStep(ctx, u.username);
    const ok = await mfaStep(ctx, first.pending, ` ${code.toUpperCase().replace("-", " ")} `);
    expect(ok.statusCode).toBe(200);
    const cookie = sessionCookie(ok);
    expect((await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).map((s) => s.authMethod)).toContain(
      "password+recovery_code",
    );
    expect((await ctx.request("GET", "/api/user/mfa", { cookie })).json<MfaStatus>().recoveryCodesLeft).toBe(9);

    const second = await passwordStep(ctx, u.username);
    expect((await mfaStep(ctx, second.pending, code)).statusCode).toBe(401);
    expect((await mfaStep(ctx, second.pending, recoveryCodes[1])).statusCode).toBe(200);
    const logins = (await actions(ctx, "user.login", u.id)).map((a) => a.details);
    expect(logins.filter((d) => JSON.stringify(d) === JSON.stringify({ method: "password+recovery_code" }))).toHaveLength(2);
  });

  it("ends the pending login after 5 wrong codes with 429; then even a right code needs a new password login", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    const { pending } = await passwordStep(ctx, u.username);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await mfaStep(ctx, pending, i % 2 ? "000000" : "zzzzz-zzzzz")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const after = await mfaStep(ctx, pending, codeAt(secret, 1));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MFA_TEXTS.pendingExpired);
    expect(await ctx.db.select().from(authChallenges).where(eq(authChallenges.userId, u.id))).toHaveLength(0);
    // A new password login works.
    await loginWithTotp(ctx, u.username, secret);
  });

  it("throttles the account after 10 wrong codes across pending logins", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    for (let round = 0; round < 2; round++) {
      const { pending } = await passwordStep(ctx, u.username);
      for (let i = 0; i < 5; i++) await mfaStep(ctx, pending, "000000");
    }
    const { pending } = await passwordStep(ctx, u.username);
    const res = await mfaStep(ctx, pending, codeAt(secret, 1));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MFA_TEXTS.accountThrottled);
  });

  it("a pending login lasts 5 minutes", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    const { pending } = await passwordStep(ctx, u.username);
    await ctx.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, u.id));
    const res = await mfaStep(ctx, pending, codeAt(secret, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MFA_TEXTS.pendingExpired);
    expect((await ctx.request("POST", "/api/login/mfa", { body: { code: codeAt(secret, 1) } })).statusCode).toBe(401);
  });

  it("DELETE /api/user/mfa needs the password, turns TOTP off and is audited; new recovery codes need it too", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    const cookie = await loginWithTotp(ctx, u.username, secret);
    const me = { ...u, cookie };

    expect((await ctx.request("POST", "/api/user/mfa/recovery-codes", { user: me, body: { password: "Falsch!1" } })).statusCode).toBe(400);
    const fresh = await ctx.request("POST", "/api/user/mfa/recovery-codes", { user: me, body: { password: PASSWORD } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect(await actions(ctx, "user.mfa_recovery_codes", u.id)).toHaveLength(1);

    const wrong = await ctx.request("DELETE", "/api/user/mfa", { user: me, body: { password: "Falsch!1" } });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(ctx.db, u.id)).totpEnabledAt).not.toBeNull();
    const off = await ctx.request("DELETE", "/api/user/mfa", { user: me, body: { password: PASSWORD } });
    expect(off.statusCode).toBe(200);
    const row = await userRow(ctx.db, u.id);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, u.id))).toHaveLength(0);
    expect((await ctx.request("GET", "/api/user", { user: me })).json().mfaEnabled).toBe(false);
    expect(await actions(ctx, "user.mfa_disable", u.id)).toHaveLength(1);
    // Plain password login again.
    expect((await ctx.request("POST", "/api/login", { body: { username: u.username, password: PASSWORD } })).json()).toMatchObject({
      id: u.id,
    });
    expect((await ctx.request("POST", "/api/user/mfa/recovery-codes", { user: me, body: { password: PASSWORD } })).statusCode).toBe(409);
  });

  it("refuses changes to the second factor during an impersonation", async () => {
    const admin = await ctx.createUser("super_admin", null);
    const u = await ctx.createUser("user", company);
    const imp = await ctx.request("GET", `/api/impersonate/${u.id}`, { user: admin });
    const cookie = sessionCookie(imp);
    for (const [method, url, body] of [
      ["POST", "/api/user/mfa/totp", { password: PASSWORD }],
      ["POST", "/api/user/passkeys/options", { password: PASSWORD }],
      ["DELETE", "/api/user/mfa", { password: PASSWORD }],
      ["POST", "/api/user/sessions/end-others", {}],
    ] as const) {
      expect((await ctx.request(method, url, { cookie, body })).statusCode).toBe(403);
    }
    expect((await ctx.request("GET", "/api/user/sessions", { cookie })).statusCode).toBe(403);
  });

  it("no answer carries a token or a secret hash", async () => {
    const u = await ctx.createUser("user", company);
    const { secret } = await enrolTotp(ctx, u);
    const { res, pending } = await passwordStep(ctx, u.username);
    const ok = await mfaStep(ctx, pending, codeAt(secret, 1));
    const cookie = sessionCookie(ok);
    const token = cookie.split("=")[1];
    const bodies = [res.body, ok.body];
    for (const url of ["/api/user", "/api/user/mfa", "/api/user/sessions", "/api/user/passkeys"])
      bodies.push((await ctx.request("GET", url, { cookie })).body);
    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(pending.split("=")[1]);
      expect(body).not.toContain(secret);
      expect(body).not.toMatch(/token|hash|argon2|totpSecret/i);
    }
  });
});

describe("TOTP secrets at rest with MFA_SECRET_KEY", () => {
  beforeAll(() => {
    ctx.config.mfaSecretKey = Buffer.alloc(32, 7);
  });
  afterAll(() => {
    ctx.config.mfaSecretKey = undefined;
  });

  it("stores the secret encrypted and bound to the user; login works", async () => {
    const u = await ctx.createUser("user", null);
    const { secret } = await enrolTotp(ctx, u);
    const stored = (await userRow(ctx.db, u.id)).totpSecret!;
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
    await loginWithTotp(ctx, u.username, secret);

    // Copied to another user's row it does not decrypt: the server refuses instead of guessing.
    const v = await ctx.createUser("user", null);
    await ctx.db.update(users).set({ totpSecret: stored, totpEnabledAt: new Date() }).where(eq(users.id, v.id));
    const { pending } = await passwordStep(ctx, v.username);
    expect((await mfaStep(ctx, pending, codeAt(secret, 2))).statusCode).toBe(500);
  });
});

describe("rate limit of the code step", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
  });
  afterAll(() => limited.close());

  it("limits POST /api/login/mfa per address like the login (429 after 10 a minute)", async () => {
    const ctx = limited;
    const u = await ctx.createUser("user", null);
    const v = await ctx.createUser("user", null);
    await enrolTotp(ctx, u);
    await enrolTotp(ctx, v);
    const statuses: number[] = [];
    // Never 5 on one pending login nor 10 on one account: only the address limit can answer 429.
    for (const [name, tries] of [
      [u.username, 4],
      [u.username, 4],
      [v.username, 3],
    ] as const) {
      const { pending } = await passwordStep(ctx, name);
      for (let i = 0; i < tries; i++) statuses.push((await mfaStep(ctx, pending, "000000")).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe("passkeys", () => {
  let company: number;
  const origin = "http://localhost:3000";
  beforeAll(async () => {
    company = await ctx.createCompany("Passkey Bau GmbH");
  });

  async function registerPasskey(user: TestUser, name = "Laptop", authenticator = new SoftAuthenticator(origin)) {
    const options = await ctx.request("POST", "/api/user/passkeys/options", { user, body: { password: PASSWORD } });
    expect(options.statusCode).toBe(200);
    const res = await ctx.request("POST", "/api/user/passkeys", { user, body: { name, response: authenticator.register(options.json()) } });
    return { res, authenticator };
  }

  async function passkeyLogin(authenticator: SoftAuthenticator, cookie?: string, opts: { origin?: string } = {}) {
    const options = await ctx.request("POST", "/api/login/passkey/options", { cookie, body: {} });
    expect(options.statusCode).toBe(200);
    const pending = cookieOf(options, "bauklar_login") ?? cookie;
    return ctx.request("POST", "/api/login/passkey", {
      cookie: pending ?? undefined,
      body: { response: authenticator.authenticate(options.json(), opts) },
    });
  }

  it("registers a named passkey (password first), lists it, and signs in with it instead of password and code", async () => {
    const u = await ctx.createUser("company_admin", company);
    const wrong = await ctx.request("POST", "/api/user/passkeys/options", { user: u, body: { password: "Falsch!1" } });
    expect(wrong.statusCode).toBe(400);
    const options = await ctx.request("POST", "/api/user/passkeys/options", { user: u, body: { password: PASSWORD } });
    const opts = options.json();
    expect(opts).toMatchObject({
      rp: { name: "bauklar", id: "localhost" },
      user: { name: u.username },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });

    const { res, authenticator } = await registerPasskey(u, "Büro-Laptop");
    expect(res.statusCode).toBe(201);
    expect(res.json<PasskeyDto>()).toMatchObject({ name: "Büro-Laptop", lastUsedAt: null });
    const list = (await ctx.request("GET", "/api/user/passkeys", { user: u })).json<PasskeyDto[]>();
    expect(list.map((p) => p.name)).toEqual(["Büro-Laptop"]);
    expect(JSON.stringify(list)).not.toMatch(/publicKey|credential/i);
    expect((await ctx.request("GET", "/api/user", { user: u })).json<CurrentUser>().passkeyCount).toBe(1);
    expect(await actions(ctx, "user.passkey_add", u.id)).toHaveLength(1);

    const login = await passkeyLogin(authenticator);
    expect(login.statusCode).toBe(200);
    expect(login.json<CurrentUser>()).toMatchObject({ id: u.id, passkeyCount: 1 });
    const cookie = sessionCookie(login);
    expect((await ctx.request("GET", "/api/user", { cookie })).json().id).toBe(u.id);
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    expect((await actions(ctx, "user.login", u.id)).map((a) => a.details)).toContainEqual({ method: "passkey" });

    // A password login now needs the second step; the passkey completes it.
    const { res: pw, pending } = await passwordStep(ctx, u.username);
    expect(pw.json()).toEqual({ mfaRequired: true, methods: ["passkey"] });
    const second = await passkeyLogin(authenticator, pending);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(u.id);
  });

  it("refuses a replayed challenge, a wrong origin, another user's passkey in a pending login and a registration without options", async () => {
    const u = await ctx.createUser("user", company);
    const v = await ctx.createUser("user", company);
    const { authenticator: ua } = await registerPasskey(u);
    const { authenticator: va } = await registerPasskey(v);

    // The challenge is used once.
    const options = await ctx.request("POST", "/api/login/passkey/options", { body: {} });
    const pending = cookieOf(options, "bauklar_login")!;
    const assertion = ua.authenticate(options.json());
    expect((await ctx.request("POST", "/api/login/passkey", { cookie: pending, body: { response: assertion } })).statusCode).toBe(200);
    expect((await ctx.request("POST", "/api/login/passkey", { cookie: pending, body: { response: assertion } })).statusCode).toBe(401);

    expect((await passkeyLogin(ua, undefined, { origin: "https://evil.example" })).statusCode).toBe(401);

    const { pending: vPending } = await passwordStep(ctx, v.username);
    const wrongUser = await passkeyLogin(ua, vPending);
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongUser.json().message).toBe(MFA_TEXTS.passkeyFailed);
    expect((await passkeyLogin(va, vPending)).statusCode).toBe(200);

    const noOptions = await ctx.request("POST", "/api/user/passkeys", {
      user: u,
      body: { name: "X", response: new SoftAuthenticator(origin).register({ challenge: "abc", user: { id: "x" } }) },
    });
    expect(noOptions.statusCode).toBe(400);
    // The same authenticator twice is a conflict.
    const options2 = await ctx.request("POST", "/api/user/passkeys/options", { user: u, body: { password: PASSWORD } });
    const dup = await ctx.request("POST", "/api/user/passkeys", {
      user: u,
      body: { name: "Nochmal", response: ua.register(options2.json()) },
    });
    expect(dup.statusCode).toBe(409);
  });

  it("deletes only the own passkey (404 for others'), with the password, audited", async () => {
    const u = await ctx.createUser("user", company);
    const v = await ctx.createUser("user", company);
    const { res } = await registerPasskey(u);
    const id = res.json<PasskeyDto>().id;
    expect((await ctx.request("DELETE", `/api/user/passkeys/${id}`, { user: v, body: { password: PASSWORD } })).statusCode).toBe(404);
    expect((await ctx.request("DELETE", `/api/user/passkeys/${id}`, { user: u, body: { password: "Falsch!1" } })).statusCode).toBe(400);
    expect((await ctx.request("DELETE", `/api/user/passkeys/${id}`, { user: u, body: { password: PASSWORD } })).statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user/passkeys", { user: u })).json()).toEqual([]);
    expect(await actions(ctx, "user.passkey_delete", u.id)).toHaveLength(1);
  });
});

describe("MFA_REQUIRED_ROLES, the company flag and the super admin's reset", () => {
  let companyA: number;
  let companyB: number;
  beforeAll(async () => {
    ctx.config.mfaRequiredRoles = ["super_admin"];
    companyA = await ctx.createCompany("Pflicht Bau GmbH");
    companyB = await ctx.createCompany("Frei Bau AG");
  });
  afterAll(() => {
    ctx.config.mfaRequiredRoles = [];
  });

  const expectMfaRequired = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: MFA_REQUIRED_CODE, message: MFA_TEXTS.required });
  };

  it("a super admin without a second factor may only enrol; afterwards everything works", async () => {
    const admin = await ctx.createUser("super_admin", null);
    expect((await ctx.request("GET", "/api/user", { user: admin })).json<CurrentUser>()).toMatchObject({
      mfaSetupRequired: true,
      mfaEnabled: false,
    });
    for (const [method, url, body] of [
      ["GET", "/api/projects", undefined],
      ["GET", "/api/users", undefined],
      ["GET", "/api/companies", undefined],
      ["GET", "/api/user/sessions", undefined],
      ["POST", "/api/user/change-password", { currentPassword: PASSWORD, newPassword: "Neu!Passwort9" }],
      ["POST", "/api/registration-links", { email: "x@y.de", role: "user", companyId: companyA }],
      ["GET", "/api/does-not-exist", undefined],
    ] as const) {
      expectMfaRequired(await ctx.request(method, url, { user: admin, ...(body ? { body } : {}) }));
    }
    expect((await ctx.request("GET", "/api/user/mfa", { user: admin })).json<MfaStatus>()).toMatchObject({
      required: true,
      requiredBy: "role",
      setupRequired: true,
    });
    expect((await ctx.request("GET", "/api/user/passkeys", { user: admin })).statusCode).toBe(200);
    // Public pages and the client are not affected.
    expect((await ctx.request("GET", "/", { user: admin })).statusCode).not.toBe(403);

    await enrolTotp(ctx, admin);
    expect((await ctx.request("GET", "/api/user", { user: admin })).json<CurrentUser>().mfaSetupRequired).toBe(false);
    expect((await ctx.request("GET", "/api/projects", { user: admin })).statusCode).toBe(200);
    // A company admin is not in MFA_REQUIRED_ROLES here.
    const other = await ctx.createUser("company_admin", companyB);
    expect((await ctx.request("GET", "/api/projects", { user: other })).statusCode).toBe(200);
    // Logging out stays possible for everyone.
    const fresh = await ctx.createUser("super_admin", null);
    expect((await ctx.request("POST", "/api/logout", { user: fresh })).statusCode).toBe(200);
  });

  it("a company admin requires a second factor for the own company (after setting up one); its users may then only enrol", async () => {
    const adminA = await ctx.createUser("company_admin", companyA);
    const userA = await ctx.createUser("user", companyA);
    const userB = await ctx.createUser("user", companyB);
    const adminB = await ctx.createUser("company_admin", companyB);

    const tooEarly = await ctx.request("PATCH", `/api/companies/${companyA}/mfa-policy`, { user: adminA, body: { mfaRequired: true } });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(MFA_TEXTS.policyNeedsOwnFactor);
    expect(
      (await ctx.request("PATCH", `/api/companies/${companyA}/mfa-policy`, { user: userA, body: { mfaRequired: true } })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request("PATCH", `/api/companies/${companyA}/mfa-policy`, { user: adminB, body: { mfaRequired: true } })).statusCode,
    ).toBe(404);

    await enrolTotp(ctx, adminA);
    const on = await ctx.request("PATCH", `/api/companies/${companyA}/mfa-policy`, { user: adminA, body: { mfaRequired: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().mfaRequired).toBe(true);
    expect((await ctx.request("GET", `/api/companies/${companyA}`, { user: adminA })).json().mfaRequired).toBe(true);
    expect(await actions(ctx, "company.mfa_policy", companyA)).toHaveLength(1);

    expectMfaRequired(await ctx.request("GET", "/api/projects", { user: userA }));
    expect((await ctx.request("GET", "/api/user/mfa", { user: userA })).json<MfaStatus>()).toMatchObject({
      required: true,
      requiredBy: "company",
    });
    expect((await ctx.request("GET", "/api/projects", { user: userB })).statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/projects", { user: adminA })).statusCode).toBe(200);

    // A passkey counts as a second factor.
    const userA2 = await ctx.createUser("user", companyA);
    expectMfaRequired(await ctx.request("GET", "/api/projects", { user: userA2 }));
    const auth = new SoftAuthenticator("http://localhost:3000");
    const options = await ctx.request("POST", "/api/user/passkeys/options", { user: userA2, body: { password: PASSWORD } });
    expect(
      (await ctx.request("POST", "/api/user/passkeys", { user: userA2, body: { name: "Handy", response: auth.register(options.json()) } }))
        .statusCode,
    ).toBe(201);
    expect((await ctx.request("GET", "/api/projects", { user: userA2 })).statusCode).toBe(200);

    await enrolTotp(ctx, userA);
    expect((await ctx.request("GET", "/api/projects", { user: userA })).statusCode).toBe(200);

    // An impersonating super admin is not held up by the user's missing factor.
    const superAdmin = await ctx.createUser("super_admin", null);
    await enrolTotp(ctx, superAdmin);
    const userA3 = await ctx.createUser("user", companyA);
    const imp = await ctx.request("GET", `/api/impersonate/${userA3.id}`, { user: superAdmin });
    expect(imp.statusCode).toBe(302);
    expect((await ctx.request("GET", "/api/projects", { cookie: sessionCookie(imp) })).statusCode).toBe(200);

    const off = await ctx.request("PATCH", `/api/companies/${companyA}/mfa-policy`, { user: adminA, body: { mfaRequired: false } });
    expect(off.json().mfaRequired).toBe(false);
  });

  it("a super admin resets a user's second factor (audited, sessions end); a peer super admin's only with the own current code", async () => {
    const actor = await ctx.createUser("super_admin", null);
    const { secret } = await enrolTotp(ctx, actor);
    const peer = await ctx.createUser("super_admin", null);
    await enrolTotp(ctx, peer);
    const target = await ctx.createUser("company_admin", companyB);
    await enrolTotp(ctx, target);
    const auth = new SoftAuthenticator("http://localhost:3000");
    const options = await ctx.request("POST", "/api/user/passkeys/options", { user: target, body: { password: PASSWORD } });
    await ctx.request("POST", "/api/user/passkeys", { user: target, body: { name: "Handy", response: auth.register(options.json()) } });
    const companyAdmin = await ctx.createUser("company_admin", companyB);

    expect((await ctx.request("POST", `/api/users/${target.id}/mfa/reset`, { user: companyAdmin, body: {} })).statusCode).toBe(403);
    const self = await ctx.request("POST", `/api/users/${actor.id}/mfa/reset`, { user: actor, body: {} });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MFA_TEXTS.resetSelf);
    expect((await ctx.request("POST", `/api/users/999999/mfa/reset`, { user: actor, body: {} })).statusCode).toBe(404);

    const reset = await ctx.request("POST", `/api/users/${target.id}/mfa/reset`, { user: actor, body: {} });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ totp: true, passkeys: 1 });
    expect((await ctx.request("GET", "/api/user", { user: target })).statusCode).toBe(401);
    expect(await userRow(ctx.db, target.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, target.id))).toHaveLength(0);
    expect((await ctx.request("POST", "/api/login", { body: { username: target.username, password: PASSWORD } })).json()).toMatchObject({
      id: target.id,
      mfaEnabled: false,
    });
    const [entry] = await actions(ctx, "user.mfa_reset", target.id);
    expect(entry).toMatchObject({
      actorId: actor.id,
      details: { username: target.username, role: "company_admin", totp: true, passkeys: 1 },
    });

    // A peer super admin: refused without, and with a wrong, own code.
    const noCode = await ctx.request("POST", `/api/users/${peer.id}/mfa/reset`, { user: actor, body: {} });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().message).toBe(MFA_TEXTS.resetPeerNeedsCode);
    expect(
      (await ctx.request("POST", `/api/users/${peer.id}/mfa/reset`, { user: actor, body: { code: codeAt(secret, 7) } })).statusCode,
    ).toBe(403);
    expect((await userRow(ctx.db, peer.id)).totpEnabledAt).not.toBeNull();
    expect(await actions(ctx, "user.mfa_reset_refused", peer.id)).toHaveLength(2);
    const ok = await ctx.request("POST", `/api/users/${peer.id}/mfa/reset`, { user: actor, body: { code: codeAt(secret, 1) } });
    expect(ok.statusCode).toBe(200);
    expect((await userRow(ctx.db, peer.id)).totpEnabledAt).toBeNull();
    // Now the peer must enrol again before doing anything.
    const peerCookie = await ctx.login(peer.username);
    expectMfaRequired(await ctx.request("GET", "/api/users", { cookie: peerCookie }));

    // A super admin without an own TOTP cannot reset a peer at all.
    const plain = await ctx.createUser("super_admin", null);
    const auth2 = new SoftAuthenticator("http://localhost:3000");
    const o2 = await ctx.request("POST", "/api/user/passkeys/options", { user: plain, body: { password: PASSWORD } });
    await ctx.request("POST", "/api/user/passkeys", { user: plain, body: { name: "Key", response: auth2.register(o2.json()) } });
    expect((await ctx.request("POST", `/api/users/${actor.id}/mfa/reset`, { user: plain, body: { code: "123456" } })).statusCode).toBe(403);
  });
});
