// Issue 22, item 2: a company admin took over or removed a peer company admin (password reset,
// role change, deletion all 200). Only a super admin manages another admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { USER_RULES } from "../../src/common/schemas/user";
import { userRow } from "../helpers/app";

let ctx: TestContext;
let company: number;
let adminA: TestUser;
let adminA2: TestUser;
let userA: TestUser;
let sup: TestUser;
const json = { "content-type": "application/json" };

beforeAll(async () => {
  ctx = await createTestApp();
  company = await ctx.createCompany("Peer Bau GmbH");
  adminA = await ctx.createUser("company_admin", company);
  adminA2 = await ctx.createUser("company_admin", company);
  userA = await ctx.createUser("user", company);
  sup = await ctx.createUser("super_admin", null);
});
afterAll(() => ctx.close());

describe("a company admin and a peer company admin", () => {
  it("cannot reset the peer's password; the peer's old password still works, the new one does not", async () => {
    const before = (await userRow(ctx.db, adminA2.id)).passwordHash;
    const res = await ctx.request("POST", `/api/users/${adminA2.id}/reset-password`, {
      user: adminA,
      body: { newPassword: "Uebernommen!1" },
      headers: json,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_RULES.adminTarget);
    expect((await userRow(ctx.db, adminA2.id)).passwordHash).toBe(before);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: adminA2.username, password: "Uebernommen!1" },
    });
    expect(login.statusCode).toBe(401);
  });

  it("cannot demote the peer", async () => {
    const res = await ctx.request("PATCH", `/api/users/${adminA2.id}`, { user: adminA, body: { role: "user" }, headers: json });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_RULES.adminTarget);
    expect((await userRow(ctx.db, adminA2.id)).role).toBe("company_admin");
  });

  it("cannot delete the peer", async () => {
    const res = await ctx.request("DELETE", `/api/users/${adminA2.id}`, { user: adminA });
    expect(res.statusCode).toBe(403);
    expect(await userRow(ctx.db, adminA2.id)).toBeDefined();
  });

  it("still manages plain users of the own company (reset, promotion)", async () => {
    expect(
      (
        await ctx.request("POST", `/api/users/${userA.id}/reset-password`, {
          user: adminA,
          body: { newPassword: "Neu!Passwort2" },
          headers: json,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.request("PATCH", `/api/users/${userA.id}`, { user: adminA, body: { role: "company_admin" }, headers: json })).statusCode,
    ).toBe(200);
    // Once an admin, the former user is out of the company admin's reach too.
    expect((await ctx.request("PATCH", `/api/users/${userA.id}`, { user: adminA, body: { role: "user" }, headers: json })).statusCode).toBe(
      403,
    );
  });

  it("a super admin manages the peer admin", async () => {
    expect((await ctx.request("PATCH", `/api/users/${adminA2.id}`, { user: sup, body: { role: "user" }, headers: json })).statusCode).toBe(
      200,
    );
    expect((await userRow(ctx.db, adminA2.id)).role).toBe("user");
  });
});
