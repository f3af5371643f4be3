// Issue 14, "sessions you can see and end": the own sessions with browser, system and address
// (through TRUST_PROXY), never a token; ending one (404 for someone else's), all others, and the
// password change; an ended session stops working on this instance at once despite the cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, sessions } from "../../src/server/db/schema";
import type { SessionDto } from "../../src/common/types";
import { PASSWORD, createTestApp, sessionCookie, type TestContext, type TestUser } from "../helpers/app";

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let ctx: TestContext;
let company: number;

beforeAll(async () => {
  // CACHE_STALE_MS stays at its default (1 s): the session cache is in play.
  ctx = await createTestApp({ trustProxy: ["127.0.0.1"] });
  company = await ctx.createCompany("Sitzungen Bau GmbH");
});
afterAll(() => ctx.close());

async function loginFrom(username: string, userAgent: string, ip: string) {
  const res = await ctx.request("POST", "/api/login", {
    body: { username, password: PASSWORD },
    headers: { "user-agent": userAgent, "x-forwarded-for": ip },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

const list = async (cookie: string) => {
  const res = await ctx.request("GET", "/api/user/sessions", { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<SessionDto[]>();
};
const status = async (cookie: string) => (await ctx.request("GET", "/api/user", { cookie })).statusCode;

async function audits(action: string, userId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))));
}

describe("GET /api/user/sessions", () => {
  it("lists the own sessions with browser, system, address and the current one, never a token", async () => {
    const u = await ctx.createUser("user", company);
    const laptop = await loginFrom(u.username, CHROME_WINDOWS, "203.0.113.7");
    const phone = await loginFrom(u.username, SAFARI_IPHONE, "198.51.100.23");
    const other = await ctx.createUser("user", company);

    const res = await ctx.request("GET", "/api/user/sessions", { cookie: laptop });
    const rows = res.json<SessionDto[]>();
    expect(rows).toHaveLength(3);
    expect(rows.filter((s) => s.current)).toHaveLength(1);
    const current = rows.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: "Chrome 126", os: "Windows", ip: "203.0.113.7", authMethod: "password" });
    expect(rows.find((s) => s.ip === "198.51.100.23")).toMatchObject({ browser: "Safari 17", os: "iOS 17", current: false });
    expect(rows.find((s) => s.ip !== "203.0.113.7" && s.ip !== "198.51.100.23")).toMatchObject({
      browser: "Unbekannter Browser",
      os: "Unbekanntes System",
    });
    for (const s of rows) {
      expect(Object.keys(s).sort()).toEqual(["authMethod", "browser", "createdAt", "current", "expiresAt", "id", "ip", "lastSeenAt", "os"]);
      expect(new Date(s.createdAt).getTime()).toBeGreaterThan(0);
      expect(new Date(s.lastSeenAt).getTime()).toBeGreaterThan(0);
    }
    for (const cookie of [laptop, phone, u.cookie, other.cookie]) expect(res.body).not.toContain(cookie.split("=")[1]);
    expect(res.body).not.toMatch(/token|hash/i);
    // Only the own sessions.
    expect(rows.map((s) => s.id)).not.toContain((await list(other.cookie))[0].id);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("needs a session", async () => {
    expect((await ctx.request("GET", "/api/user/sessions")).statusCode).toBe(401);
  });

  it("leaves out expired sessions and an admin's impersonation of the user", async () => {
    const u = await ctx.createUser("user", company);
    const second = await loginFrom(u.username, CHROME_WINDOWS, "203.0.113.9");
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - ctx.config.sessionIdleMs - 1000) })
      .where(eq(sessions.tokenHash, (await hashOf(second))!));
    const admin = await ctx.createUser("super_admin", null);
    const imp = await ctx.request("GET", `/api/impersonate/${u.id}`, { user: admin });
    const impersonation = sessionCookie(imp);
    const rows = await list(u.cookie);
    expect(rows).toHaveLength(1);
    // Ending "all others" leaves the admin's impersonation alone.
    expect((await ctx.request("POST", "/api/user/sessions/end-others", { user: u, body: {} })).statusCode).toBe(200);
    expect(await status(impersonation)).toBe(200);
  });
});

async function hashOf(cookie: string) {
  const { sha256 } = await import("../../src/server/auth/sessions");
  return sha256(cookie.split("=")[1]);
}

describe("ending sessions", () => {
  it("DELETE /api/user/sessions/:id ends one of the own at once, even while it is cached", async () => {
    const u = await ctx.createUser("user", company);
    const phone = await loginFrom(u.username, SAFARI_IPHONE, "198.51.100.23");
    // The phone's session is now in this instance's cache.
    expect(await status(phone)).toBe(200);
    const target = (await list(u.cookie)).find((s) => !s.current)!;
    const res = await ctx.request("DELETE", `/api/user/sessions/${target.id}`, { user: u });
    expect(res.statusCode).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(u.cookie)).toBe(200);
    expect(await list(u.cookie)).toHaveLength(1);
    const [entry] = await audits("user.session_end", u.id);
    expect(entry).toMatchObject({ actorId: u.id, details: { sessionId: target.id, current: false } });
  });

  it("someone else's session is a 404 and keeps working", async () => {
    const u = await ctx.createUser("user", company);
    const v = await ctx.createUser("company_admin", company);
    const admin = await ctx.createUser("super_admin", null);
    const [vSession] = await list(v.cookie);
    for (const actor of [u, admin]) {
      const res = await ctx.request("DELETE", `/api/user/sessions/${vSession.id}`, { user: actor });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Sitzung nicht gefunden");
    }
    expect(await status(v.cookie)).toBe(200);
    expect((await ctx.request("DELETE", "/api/user/sessions/999999999", { user: u })).statusCode).toBe(404);
  });

  it("ending the current session signs this browser out", async () => {
    const u = await ctx.createUser("user", company);
    const [own] = await list(u.cookie);
    const res = await ctx.request("DELETE", `/api/user/sessions/${own.id}`, { user: u });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === "bauklar_sid")?.value).toBe("");
    expect(await status(u.cookie)).toBe(401);
  });

  it("'Alle anderen Sitzungen beenden' ends every other session at once and keeps this one", async () => {
    const u: TestUser = await ctx.createUser("user", company);
    const others = [
      await loginFrom(u.username, CHROME_WINDOWS, "203.0.113.7"),
      await loginFrom(u.username, SAFARI_IPHONE, "198.51.100.23"),
    ];
    for (const c of others) expect(await status(c)).toBe(200);
    const res = await ctx.request("POST", "/api/user/sessions/end-others", { user: u, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ended: 2 });
    for (const c of others) expect(await status(c)).toBe(401);
    expect(await status(u.cookie)).toBe(200);
    expect(await list(u.cookie)).toHaveLength(1);
    expect((await audits("user.sessions_end_others", u.id))[0]).toMatchObject({ details: { ended: 2 } });
    // Stray fields are refused.
    expect((await ctx.request("POST", "/api/user/sessions/end-others", { user: u, body: { all: true } })).statusCode).toBe(400);
  });

  it("a password change ends all other sessions", async () => {
    const u = await ctx.createUser("company_admin", company);
    const other = await loginFrom(u.username, CHROME_WINDOWS, "203.0.113.7");
    expect(await status(other)).toBe(200);
    const res = await ctx.request("POST", "/api/user/change-password", {
      user: u,
      body: { currentPassword: PASSWORD, newPassword: "Neues!Passwort3" },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(other)).toBe(401);
    const rows = await list(u.cookie);
    expect(rows).toHaveLength(1);
    expect(rows[0].current).toBe(true);
  });
});
