// The in-memory read caches (session lookup, project lists): what a request changes through this
// instance shows in the very next request; what changes elsewhere (another instance, SQL) shows
// after cacheStaleMs; expiry is checked on every request even while a session is cached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext } from "../helpers/app";
import { projects, sessions, users } from "../../src/server/db/schema";
import { createProject, createWorld, type World } from "./projects.helpers";

const STALE_MS = 400;
let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp({ cacheStaleMs: STALE_MS });
  w = await createWorld(ctx);
});
afterAll(() => ctx.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const names = async (user: World["adminA"]) =>
  ((await ctx.request("GET", "/api/projects", { user })).json() as { name: string }[]).map((p) => p.name);

describe("session cache", () => {
  it("acts on the next request after a write through this instance: role change, password reset, logout", async () => {
    const u = await ctx.createUser("user", w.companyA);
    expect((await ctx.request("GET", "/api/user", { user: u })).json().role).toBe("user");
    const promote = await ctx.request("PATCH", `/api/users/${u.id}`, { user: w.superAdmin, body: { role: "company_admin" } });
    expect(promote.statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user", { user: u })).json().role).toBe("company_admin");

    const reset = await ctx.request("POST", `/api/users/${u.id}/reset-password`, {
      user: w.superAdmin,
      body: { newPassword: "Neues!Passwort9" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);

    const v = await ctx.createUser("user", w.companyA);
    expect((await ctx.request("GET", "/api/user", { user: v })).statusCode).toBe(200);
    expect((await ctx.request("POST", "/api/logout", { user: v })).statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user", { user: v })).statusCode).toBe(401);
  });

  it("sees a change made outside this instance within cacheStaleMs", async () => {
    const u = await ctx.createUser("user", w.companyA);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(200);
    // Another instance deletes the session (its logout): this one still holds it, but not for long.
    await ctx.db.delete(sessions).where(eq(sessions.userId, u.id));
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(200);
    await sleep(STALE_MS + 50);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);

    const v = await ctx.createUser("user", w.companyA);
    await ctx.request("GET", "/api/user", { user: v });
    await ctx.db.update(users).set({ firstName: "Umbenannt" }).where(eq(users.id, v.id));
    await sleep(STALE_MS + 50);
    expect((await ctx.request("GET", "/api/user", { user: v })).json().firstName).toBe("Umbenannt");
  });
});

describe("session expiry while cached", () => {
  it("ends an idle session even though its row is cached", async () => {
    const short = await createTestApp({ cacheStaleMs: 60_000, sessionIdleMs: 600 });
    try {
      const u = await short.createUser("user", null);
      expect((await short.request("GET", "/api/user", { user: u })).statusCode).toBe(200);
      await sleep(700);
      expect((await short.request("GET", "/api/user", { user: u })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe("project list cache", () => {
  it("shows a project created, renamed or deleted through this instance in the next list", async () => {
    const id = await createProject(ctx, w.adminA, { name: "Cache Neubau" });
    expect(await names(w.adminA)).toContain("Cache Neubau");
    expect(await names(w.userA)).toContain("Cache Neubau");
    expect((await ctx.request("PUT", `/api/projects/${id}`, { user: w.adminA, body: { name: "Cache Umbau" } })).statusCode).toBe(200);
    expect(await names(w.adminA)).toEqual(expect.arrayContaining(["Cache Umbau"]));
    expect(await names(w.adminA)).not.toContain("Cache Neubau");
    expect((await ctx.request("DELETE", `/api/projects/${id}`, { user: w.adminA })).statusCode).toBe(200);
    expect(await names(w.adminA)).not.toContain("Cache Umbau");
  });

  it("shows a change made outside this instance within about cacheStaleMs", async () => {
    const id = await createProject(ctx, w.adminB, { name: "Fremd Alt" });
    expect(await names(w.adminB)).toContain("Fremd Alt");
    await ctx.db.update(projects).set({ name: "Fremd Neu", updatedAt: new Date() }).where(eq(projects.id, id));
    await sleep(STALE_MS + 50);
    // The first read after the interval starts the check in the background; a later one has it.
    const deadline = Date.now() + 2_000;
    let seen = await names(w.adminB);
    while (!seen.includes("Fremd Neu") && Date.now() < deadline) {
      await sleep(50);
      seen = await names(w.adminB);
    }
    expect(seen).toContain("Fremd Neu");
    expect(seen).not.toContain("Fremd Alt");
  });

  it("keeps companies apart: one company's cached list never reaches another", async () => {
    await createProject(ctx, w.adminA, { name: "Nur Alpha" });
    await createProject(ctx, w.adminB, { name: "Nur Beta" });
    for (let i = 0; i < 2; i++) {
      expect(await names(w.userA)).toContain("Nur Alpha");
      expect(await names(w.userA)).not.toContain("Nur Beta");
      expect(await names(w.userB)).toContain("Nur Beta");
      expect(await names(w.userB)).not.toContain("Nur Alpha");
    }
  });
});
