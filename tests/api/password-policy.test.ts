// Issue 22, item 8: P@ssw0rd, Passwort1!, Password1!, Sommer2024!, Qwertz123! were accepted, also as
// an admin's reset. Every path that sets a password checks the shipped list (auth/password-policy.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PASSWORD, type TestContext, type TestUser } from "../helpers/app";
import { PASSWORD_TOO_COMMON, commonPasswordCount, commonPasswordError } from "../../src/server/auth/password-policy";
import { createRegistrationLink } from "../../src/server/registration-links/queries";
import { firstStart } from "../../src/server/seed/first-start";
import { verifyPassword } from "../../src/server/auth/passwords";
import { userRow } from "../helpers/app";

const WEAK = [
  "P@ssw0rd",
  "Passwort1!",
  "Password1!",
  "Sommer2024!",
  "Qwertz123!",
  "PASSwort2025?",
  "H@ll0123!",
  "Schatz1234!",
  "Fussball#1",
];
let ctx: TestContext;
let company: number;
let admin: TestUser;
const json = { "content-type": "application/json" };

beforeAll(async () => {
  ctx = await createTestApp();
  company = await ctx.createCompany("Kennwort Bau GmbH");
  admin = await ctx.createUser("company_admin", company);
});
afterAll(() => ctx.close());

describe("common and breached passwords", () => {
  it("ships at least 100 000 entries, German ones included", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(100_000);
    for (const p of WEAK) expect({ p, error: commonPasswordError(p) }).toEqual({ p, error: PASSWORD_TOO_COMMON });
    for (const p of [PASSWORD, "Kran!Ausleger7", "Neues!Kennwort7", "Uebernommen!1"])
      expect({ p, error: commonPasswordError(p) }).toEqual({ p, error: null });
  });

  it("refuses them at an admin's reset with the German message; the old password stays", async () => {
    const u = await ctx.createUser("user", company);
    for (const newPassword of WEAK) {
      const res = await ctx.request("POST", `/api/users/${u.id}/reset-password`, { user: admin, body: { newPassword }, headers: json });
      expect({ newPassword, status: res.statusCode, message: res.json().message }).toEqual({
        newPassword,
        status: 400,
        message: PASSWORD_TOO_COMMON,
      });
    }
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, PASSWORD)).toBe(true);
  });

  it("accepts long passphrases (64 characters and more, ASVS 6.2.9) exactly as typed", async () => {
    const u = await ctx.createUser("user", company);
    const long = "Der Kran steht seit 7 Uhr am Baufeld Nord & wartet auf die Lieferung!";
    expect(long.length).toBeGreaterThanOrEqual(64);
    const res = await ctx.request("POST", `/api/users/${u.id}/reset-password`, { user: admin, body: { newPassword: long }, headers: json });
    expect(res.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: u.username, password: long } })).statusCode,
    ).toBe(200);
    // Not trimmed or case-folded (ASVS 6.2.8).
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: u.username, password: long.toLowerCase() } }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses them at the own password change", async () => {
    const u = await ctx.createUser("user", company);
    for (const newPassword of WEAK) {
      const res = await ctx.request("POST", "/api/user/change-password", {
        user: u,
        body: { currentPassword: PASSWORD, newPassword },
        headers: json,
      });
      expect({ newPassword, status: res.statusCode, message: res.json().message }).toEqual({
        newPassword,
        status: 400,
        message: PASSWORD_TOO_COMMON,
      });
    }
  });

  it("refuses them at registration and leaves the invitation unused", async () => {
    const link = await createRegistrationLink(ctx.db, { email: "kennwort@x.de", role: "user", companyId: company, createdBy: null });
    for (const password of WEAK) {
      const res = await ctx.request("POST", "/api/register", {
        body: { token: link.token, username: "kennwort", firstName: "K", lastName: "W", password },
        headers: json,
      });
      expect({ password, status: res.statusCode, message: res.json().message }).toEqual({
        password,
        status: 400,
        message: PASSWORD_TOO_COMMON,
      });
    }
    const ok = await ctx.request("POST", "/api/register", {
      body: { token: link.token, username: "kennwort", firstName: "K", lastName: "W", password: "Kran!Ausleger7" },
      headers: json,
    });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a common ADMIN_PASSWORD for the first admin at start", async () => {
    const silent = { warn() {}, info() {}, error() {} } as unknown as Parameters<typeof firstStart>[2];
    await expect(
      firstStart(ctx.db, { ...ctx.config, admin: { username: "chef2", password: "Sommer2024!", email: "chef2@x.de" } }, silent),
    ).rejects.toThrow(/ADMIN_PASSWORD ist nicht zulässig/);
  });
});
