// Issue 22, item 4: an impersonation session survived the impersonator's password change and reset
// and `stop-impersonation` then issued a fresh super admin session. Password change, reset, MFA
// reset and deletion now end every session the user runs as impersonator; stopping re-checks the
// impersonator and keeps the original absolute expiry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, PASSWORD, sessionCookie, type TestContext, type TestUser } from "../helpers/app";
import { sessions, users } from "../../src/server/db/schema";
import { sha256 } from "../../src/server/auth/sessions";
import type { TotpEnrolment } from "../../src/common/types";
import * as OTPAuth from "otpauth";

const codeAt = (secret: string, offset = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: (Math.floor(Date.now() / 30_000) + offset) * 30_000 + 1000,
  });

let ctx: TestContext;
let company: number;
let target: TestUser;
let sa1: TestUser;
const json = { "content-type": "application/json" };
const same = { "sec-fetch-site": "same-origin" };

beforeAll(async () => {
  ctx = await createTestApp();
  company = await ctx.createCompany("Imp Bau GmbH");
  target = await ctx.createUser("user", company);
  sa1 = await ctx.createUser("super_admin", null);
});
afterAll(() => ctx.close());

/** sa2 signs in and impersonates the target: the impersonation cookie. */
async function impersonating(sa2: TestUser) {
  const cookie = await ctx.login(sa2.username);
  const res = await ctx.request("GET", `/api/impersonate/${target.id}`, { cookie, headers: same });
  expect(res.statusCode).toBe(302);
  return sessionCookie(res);
}
const me = (cookie: string) => ctx.request("GET", "/api/user", { cookie });
const stop = (cookie: string) => ctx.request("GET", "/api/stop-impersonation", { cookie, headers: same });

describe("impersonation sessions end with the impersonator's credentials", () => {
  it("ends when the impersonator changes the own password", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    const own = await ctx.login(sa2.username);
    const res = await ctx.request("POST", "/api/user/change-password", {
      cookie: own,
      body: { currentPassword: PASSWORD, newPassword: "Neues!Kennwort7" },
      headers: json,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(imp)).statusCode).toBe(401);
    expect((await stop(imp)).statusCode).toBe(401);
  });

  it("ends when another super admin resets the impersonator's password", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    const res = await ctx.request("POST", `/api/users/${sa2.id}/reset-password`, {
      user: sa1,
      body: { newPassword: "Neues!Kennwort7" },
      headers: json,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(imp)).statusCode).toBe(401);
    expect((await stop(imp)).statusCode).toBe(401);
  });

  it("ends when another super admin resets the impersonator's second factor", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    // Resetting a peer super admin needs the actor's own current code.
    const actor = await ctx.createUser("super_admin", null);
    const { secret } = (
      await ctx.request("POST", "/api/user/mfa/totp", { user: actor, body: { password: PASSWORD }, headers: json })
    ).json<TotpEnrolment>();
    expect(
      (await ctx.request("POST", "/api/user/mfa/totp/confirm", { user: actor, body: { code: codeAt(secret) }, headers: json })).statusCode,
    ).toBe(200);
    const res = await ctx.request("POST", `/api/users/${sa2.id}/mfa/reset`, {
      user: actor,
      body: { code: codeAt(secret, 1) },
      headers: json,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(imp)).statusCode).toBe(401);
  });

  it("ends when the impersonator is deleted", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    expect((await ctx.request("DELETE", `/api/users/${sa2.id}`, { user: sa1 })).statusCode).toBe(200);
    expect((await me(imp)).statusCode).toBe(401);
  });
});

describe("stopping an impersonation", () => {
  it("refuses when the impersonator's password changed since it began (even if a session survived)", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    // A password set behind the routes' back (another instance, a restore): the stop still checks.
    await ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() + 1000) })
      .where(eq(users.id, sa2.id));
    const res = await stop(imp);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === "bauklar_sid")?.value ?? "").toBe("");
    expect((await me(imp)).statusCode).toBe(401);
  });

  it("refuses when the impersonator is no longer a super admin", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const imp = await impersonating(sa2);
    await ctx.db.update(users).set({ role: "company_admin", companyId: company }).where(eq(users.id, sa2.id));
    expect((await stop(imp)).statusCode).toBe(401);
  });

  it("gives the admin back a session with the original absolute expiry, not a fresh one", async () => {
    const sa2 = await ctx.createUser("super_admin", null);
    const own = await ctx.login(sa2.username);
    const early = new Date(Date.now() + 3_600_000);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: early })
      .where(eq(sessions.tokenHash, sha256(own.split("=")[1])));
    const start = await ctx.request("GET", `/api/impersonate/${target.id}`, { cookie: own, headers: same });
    const imp = sessionCookie(start);
    const [impRow] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(imp.split("=")[1])));
    expect(impRow.expiresAt.getTime()).toBe(early.getTime());
    const back = await stop(imp);
    expect(back.statusCode).toBe(302);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(sessionCookie(back).split("=")[1])));
    expect(row.userId).toBe(sa2.id);
    expect(row.expiresAt.getTime()).toBe(early.getTime());
  });
});
