// Impersonation (requirements 2.4 and 2.6, docs/architecture.md): super admin only, never oneself, only on
// same-origin navigations, session rotation, isImpersonating, and audit entries for start/stop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, sessions, users } from "../../src/server/db/schema";
import type { CurrentUser } from "../../src/common/types";
import { createTestApp, sessionCookie, userRow, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;

const me = async (cookie: string) => ctx.request("GET", "/api/user", { cookie });

beforeAll(async () => {
  ctx = await createTestApp();
  companyA = await ctx.createCompany("Alpha Bau GmbH");
  superAdmin = await ctx.createUser("super_admin", null);
  adminA = await ctx.createUser("company_admin", companyA);
  userA = await ctx.createUser("user", companyA);
});
afterAll(() => ctx.close());

describe("GET /api/impersonate/:userId", () => {
  it("switches a super admin into the user's session, rotates the cookie and audits the start", async () => {
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const res = await ctx.request("GET", `/api/impersonate/${userA.id}`, { user: admin, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/dashboard/");
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(admin.cookie);
    // The old session is gone (rotation), the new one is the user's with the flag.
    expect((await me(admin.cookie)).statusCode).toBe(401);
    const current = (await me(cookie)).json<CurrentUser>();
    expect(current).toMatchObject({ id: userA.id, role: "user", isImpersonating: true });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "impersonation.start"), eq(auditLog.targetId, String(userA.id))));
    expect(entry).toMatchObject({ actorId: superAdmin.id, targetType: "user" });
    // The admin's visit does not count as the user's own last access.
    const old = new Date(Date.now() - 24 * 3_600_000);
    await ctx.db.update(users).set({ lastAccessAt: old }).where(eq(users.id, userA.id));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, userA.id));
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await userRow(ctx.db, userA.id)).lastAccessAt?.getTime()).toBe(old.getTime());
  });

  it("accepts a typed-in URL (Sec-Fetch-Site none) and a missing header", async () => {
    for (const headers of [{ "sec-fetch-site": "none" }, {}] as Record<string, string>[]) {
      const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
      const res = await ctx.request("GET", `/api/impersonate/${adminA.id}`, { user: admin, headers });
      expect(res.statusCode).toBe(302);
    }
  });

  it("refuses a navigation started on another site, and the session stays the admin's", async () => {
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    for (const site of ["cross-site", "same-site"]) {
      const res = await ctx.request("GET", `/api/impersonate/${userA.id}`, { user: admin, headers: { "sec-fetch-site": site } });
      expect(res.statusCode).toBe(403);
    }
    expect((await me(admin.cookie)).json<CurrentUser>()).toMatchObject({ id: superAdmin.id, isImpersonating: false });
  });

  it("refuses company admins, users and visitors", async () => {
    expect((await ctx.request("GET", `/api/impersonate/${userA.id}`, { user: adminA })).statusCode).toBe(403);
    expect((await ctx.request("GET", `/api/impersonate/${adminA.id}`, { user: userA })).statusCode).toBe(403);
    expect((await ctx.request("GET", `/api/impersonate/${userA.id}`)).statusCode).toBe(401);
    expect((await me(adminA.cookie)).json<CurrentUser>().id).toBe(adminA.id);
  });

  it("refuses oneself, unknown users and bad ids", async () => {
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    expect((await ctx.request("GET", `/api/impersonate/${superAdmin.id}`, { user: admin })).statusCode).toBe(400);
    expect((await ctx.request("GET", "/api/impersonate/999999", { user: admin })).statusCode).toBe(404);
    expect((await ctx.request("GET", "/api/impersonate/abc", { user: admin })).statusCode).toBe(400);
    expect((await me(admin.cookie)).json<CurrentUser>()).toMatchObject({ id: superAdmin.id, isImpersonating: false });
  });

  it("refuses a second impersonation inside an impersonation (even of a super admin)", async () => {
    const other = await ctx.createUser("super_admin", null);
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const start = await ctx.request("GET", `/api/impersonate/${other.id}`, { user: admin });
    const cookie = sessionCookie(start);
    const again = await ctx.request("GET", `/api/impersonate/${userA.id}`, { cookie });
    expect(again.statusCode).toBe(403);
    expect((await me(cookie)).json<CurrentUser>()).toMatchObject({ id: other.id, isImpersonating: true });
  });
});

describe("GET /api/stop-impersonation", () => {
  it("returns to a new session of the admin, on /dashboard/users, and audits the stop", async () => {
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const start = await ctx.request("GET", `/api/impersonate/${adminA.id}`, { user: admin });
    const impersonated = sessionCookie(start);
    const stop = await ctx.request("GET", "/api/stop-impersonation", {
      cookie: impersonated,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(stop.statusCode).toBe(302);
    expect(stop.headers.location).toBe("/dashboard/users");
    const back = sessionCookie(stop);
    expect((await me(back)).json<CurrentUser>()).toMatchObject({ id: superAdmin.id, isImpersonating: false });
    expect((await me(impersonated)).statusCode).toBe(401);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "impersonation.stop"), eq(auditLog.targetId, String(adminA.id))));
    expect(entry).toMatchObject({ actorId: superAdmin.id, impersonatorId: superAdmin.id });
  });

  it("records what is done during an impersonation with the admin behind it", async () => {
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const cookie = sessionCookie(await ctx.request("GET", `/api/impersonate/${adminA.id}`, { user: admin }));
    const target = await ctx.createUser("user", companyA);
    expect((await ctx.request("PATCH", `/api/users/${target.id}`, { cookie, body: { role: "company_admin" } })).statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.role_change"), eq(auditLog.targetId, String(target.id))));
    expect(entry).toMatchObject({ actorId: adminA.id, impersonatorId: superAdmin.id });
  });

  it("refuses without an impersonation, cross-site, and for visitors", async () => {
    const plain = await ctx.request("GET", "/api/stop-impersonation", { user: userA });
    expect(plain.statusCode).toBe(400);
    expect((await me(userA.cookie)).json<CurrentUser>().id).toBe(userA.id);
    expect((await ctx.request("GET", "/api/stop-impersonation")).statusCode).toBe(401);
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const cookie = sessionCookie(await ctx.request("GET", `/api/impersonate/${userA.id}`, { user: admin }));
    const cross = await ctx.request("GET", "/api/stop-impersonation", { cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(cross.statusCode).toBe(403);
    expect((await me(cookie)).json<CurrentUser>()).toMatchObject({ id: userA.id, isImpersonating: true });
  });

  it("ends the impersonation when the admin behind it is deleted", async () => {
    const other = await ctx.createUser("super_admin", null);
    const cookie = sessionCookie(await ctx.request("GET", `/api/impersonate/${userA.id}`, { user: other }));
    await ctx.db.delete(users).where(eq(users.id, other.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
