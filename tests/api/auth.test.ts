import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, PASSWORD, sessionCookie, type TestContext } from "../helpers/app";
import { registrationLinks, sessions, users } from "../../src/server/db/schema";
import { createRegistrationLink } from "../../src/server/registration-links/queries";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const json = (body: unknown) => ({ body, headers: { "content-type": "application/json" } });

describe("POST /api/login", () => {
  it("signs in case-insensitively and returns the user without secrets", async () => {
    const company = await ctx.createCompany();
    const u = await ctx.createUser("user", company, "Erika.Muster");
    const res = await ctx.request("POST", "/api/login", json({ username: "erika.muster", password: PASSWORD }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: u.id, username: "Erika.Muster", role: "user", companyId: company, isImpersonating: false });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === "bauklar_sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
  });

  it("rejects wrong credentials with the German message and no cookie", async () => {
    const u = await ctx.createUser("user", null);
    for (const payload of [
      { username: u.username, password: "falsch" },
      { username: "gibtsnicht", password: PASSWORD },
    ]) {
      const res = await ctx.request("POST", "/api/login", json(payload));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.");
      expect(res.cookies.find((c) => c.name === "bauklar_sid")).toBeUndefined();
    }
  });

  it("validates with the spec's texts", async () => {
    const res = await ctx.request("POST", "/api/login", json({ username: "", password: "" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: "Benutzername wird benötigt", password: "Passwort wird benötigt" });
    const bad = await ctx.request("POST", "/api/login", { body: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.statusCode).toBe(400);
    const wrongType = await ctx.request("POST", "/api/login", { body: "username=a", headers: { "content-type": "text/plain" } });
    expect(wrongType.statusCode).toBe(415);
  });

  it("rotates the session: a new token at every login, the old one stops working", async () => {
    const u = await ctx.createUser("user", null);
    const first = u.cookie;
    const res = await ctx.request("POST", "/api/login", { cookie: first, ...json({ username: u.username, password: PASSWORD }) });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await ctx.request("GET", "/api/user", { cookie: first })).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/user", { cookie: second })).statusCode).toBe(200);
  });

  it("stores only a hash of the session token", async () => {
    const u = await ctx.createUser("user", null);
    const token = u.cookie.split("=")[1];
    const stored = await ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, u.id));
    expect(stored.length).toBe(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses cross-origin sign-in attempts", async () => {
    const u = await ctx.createUser("user", null);
    const res = await ctx.request("POST", "/api/login", {
      body: { username: u.username, password: PASSWORD },
      headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /api/user and POST /api/logout", () => {
  it("is 401 without a session and not cached", async () => {
    const res = await ctx.request("GET", "/api/user");
    expect(res.statusCode).toBe(401);
    const u = await ctx.createUser("company_admin", await ctx.createCompany());
    const ok = await ctx.request("GET", "/api/user", { user: u });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.json()).toMatchObject({ id: u.id, role: "company_admin", isImpersonating: false });
  });

  it("logout deletes the session on the server", async () => {
    const u = await ctx.createUser("user", null);
    const res = await ctx.request("POST", "/api/logout", { user: u });
    expect(res.statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(left).toHaveLength(0);
  });

  it("expires idle sessions and sessions past their absolute lifetime", async () => {
    const u = await ctx.createUser("user", null);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 9 * 3_600_000) })
      .where(eq(sessions.userId, u.id));
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);
    const v = await ctx.createUser("user", null);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, v.id));
    expect((await ctx.request("GET", "/api/user", { user: v })).statusCode).toBe(401);
  });

  it("ignores garbage cookies", async () => {
    expect((await ctx.request("GET", "/api/user", { cookie: "bauklar_sid=" + "x".repeat(500) })).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/user", { cookie: "bauklar_sid=%00%ff" })).statusCode).toBe(401);
  });
});

describe("registration through an invitation", () => {
  const register = (token: string, over: Record<string, unknown> = {}) =>
    ctx.request(
      "POST",
      "/api/register",
      json({
        token,
        username: `neu_${Math.random().toString(36).slice(2, 8)}`,
        firstName: "Max",
        lastName: "Bau",
        password: "Neu!Passwort9",
        ...over,
      }),
    );

  it("creates the account with role, company and e-mail from the link, signs in, and uses up the link", async () => {
    const company = await ctx.createCompany();
    const link = await createRegistrationLink(ctx.db, {
      email: "Max.Bau@firma.de",
      role: "company_admin",
      companyId: company,
      createdBy: null,
    });
    const valid = await ctx.request("GET", `/api/registration-links/${link.token}/validate`);
    expect(valid.json()).toEqual({ valid: true, email: "Max.Bau@firma.de", role: "company_admin", companyId: company });

    // The body's role/company/email are ignored: the invitation decides.
    const res = await register(link.token, { username: "maxbau", role: "super_admin", companyId: 999, email: "other@x.de" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: "maxbau", role: "company_admin", companyId: company, email: "Max.Bau@firma.de" });
    const cookie = sessionCookie(res);
    expect((await ctx.request("GET", "/api/user", { cookie })).json().username).toBe("maxbau");

    const again = await register(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain("Registration link");
    expect((await ctx.request("GET", `/api/registration-links/${link.token}/validate`)).statusCode).toBe(404);
  });

  it("refuses expired and unknown links and creates nothing", async () => {
    const company = await ctx.createCompany();
    const link = await createRegistrationLink(ctx.db, { email: "alt@firma.de", role: "user", companyId: company, createdBy: null });
    await ctx.db
      .update(registrationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationLinks.id, link.id));
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    for (const token of [link.token, "unbekannt"]) {
      const v = await ctx.request("GET", `/api/registration-links/${token}/validate`);
      expect(v.statusCode).toBe(404);
      expect(v.json().valid).toBe(false);
      const r = await register(token);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain("Registration link");
    }
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0].n).toBe(before[0].n);
  });

  it("links expire after 7 days", async () => {
    const link = await createRegistrationLink(ctx.db, {
      email: "sieben@firma.de",
      role: "user",
      companyId: await ctx.createCompany(),
      createdBy: null,
    });
    const days = (link.expiresAt.getTime() - link.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });

  it("checks the password rules on the server with the spec's messages", async () => {
    const link = await createRegistrationLink(ctx.db, {
      email: "pw@firma.de",
      role: "user",
      companyId: await ctx.createCompany(),
      createdBy: null,
    });
    const cases: [string, string][] = [
      ["Ab1!", "Passwort muss mindestens 8 Zeichen haben"],
      ["abcdefg1!", "Passwort muss mindestens einen Großbuchstaben enthalten"],
      ["ABCDEFG1!", "Passwort muss mindestens einen Kleinbuchstaben enthalten"],
      ["Abcdefgh!", "Passwort muss mindestens eine Zahl enthalten"],
      ["Abcdefgh1", "Passwort muss mindestens ein Sonderzeichen enthalten"],
    ];
    for (const [password, message] of cases) {
      const res = await register(link.token, { password });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toBe(message);
    }
    const short = await register(link.token, { username: "ab" });
    expect(short.json().errors.username).toBe("Benutzername muss mindestens 3 Zeichen haben");
    const names = await register(link.token, { firstName: "", lastName: "" });
    expect(names.json().errors).toMatchObject({ firstName: "Vorname wird benötigt", lastName: "Nachname wird benötigt" });
    // Nothing was used up by the failed attempts.
    expect((await ctx.request("GET", `/api/registration-links/${link.token}/validate`)).statusCode).toBe(200);
  });

  it("reports a taken username or e-mail with the texts the client maps, keeping the link", async () => {
    const company = await ctx.createCompany();
    const existing = await ctx.createUser("user", company, "Vergeben");
    const link = await createRegistrationLink(ctx.db, { email: "frei@firma.de", role: "user", companyId: company, createdBy: null });
    const taken = await register(link.token, { username: "VERGEBEN" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Username already exists");
    const mailLink = await createRegistrationLink(ctx.db, {
      email: `${existing.username.toUpperCase()}@EXAMPLE.DE`,
      role: "user",
      companyId: company,
      createdBy: null,
    });
    const mail = await register(mailLink.token);
    expect(mail.statusCode).toBe(409);
    expect(mail.json().message).toBe("Email already exists");
    expect((await ctx.request("GET", `/api/registration-links/${link.token}/validate`)).statusCode).toBe(200);
  });

  it("a race of registrations on one link yields exactly one account", async () => {
    const link = await createRegistrationLink(ctx.db, {
      email: "race@firma.de",
      role: "user",
      companyId: await ctx.createCompany(),
      createdBy: null,
    });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => register(link.token, { username: `racer${i}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400)).toBe(true);
    const made = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'race@firma.de'`);
    expect(made).toHaveLength(1);
  });
});

describe("rate limits", () => {
  it("limits login attempts per address with a clear 429", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        // Another name each time: the per-account limit (login-throttle.test.ts) is not what is tested here.
        const r = await limited.request("POST", "/api/login", json({ username: `x${i}`, password: "y" }));
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json().message).toMatch(/Zu viele Anmeldeversuche/);
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
