// The first super admin (issue #18): the first-start invitation leaves the e-mail to the
// registrant (or takes ADMIN_EMAIL), the registration requires and checks it, and the terminal
// ends with where the product runs and the invitation link.
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { registrationLinks, users } from "../../src/server/db/schema";
import { firstStart, startMessage } from "../../src/server/seed/first-start";
import { createTestApp, type TestContext } from "../helpers/app";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const PASSWORD = "Erster!Admin1";

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

async function invitationToken(c: TestContext) {
  const [link] = await c.db.select().from(registrationLinks).where(eq(registrationLinks.role, "super_admin"));
  return link;
}

const register = (c: TestContext, token: string, extra: Record<string, unknown> = {}) =>
  c.request("POST", "/api/register", {
    body: { token, username: "chefin", firstName: "Clara", lastName: "Chefin", password: PASSWORD, ...extra },
  });

describe("the first-start invitation", { timeout: 90_000 }, () => {
  it("names no e-mail: the validation says so and the role is super admin", async () => {
    ctx = await createTestApp();
    const link = await invitationToken(ctx);
    expect(link.email).toBe("");
    const res = await ctx.request("GET", `/api/registration-links/${link.token}/validate`);
    expect(res.json()).toEqual({ valid: true, email: "", role: "super_admin", companyId: null });
  });

  it("the registration requires a valid e-mail (400 on the field, link still usable), then creates the super admin with it", async () => {
    ctx = await createTestApp();
    const { token, id } = await invitationToken(ctx);
    const missing = await register(ctx, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.email).toBe("E-Mail-Adresse wird benötigt");
    const invalid = await register(ctx, token, { email: "chefin@" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.email).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein");

    const ok = await register(ctx, token, { email: "  clara.chefin@bauklar.example ", role: "user" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ username: "chefin", email: "clara.chefin@bauklar.example", role: "super_admin" });
    const [link] = await ctx.db.select().from(registrationLinks).where(eq(registrationLinks.id, id));
    expect(link).toMatchObject({ used: true, email: "clara.chefin@bauklar.example" });
    // With a super admin there is no invitation any more.
    expect((await firstStart(ctx.db, ctx.config, silent)).adminInvitationUrl).toBeNull();
  });

  it("an e-mail already in use is refused with the spec's text", async () => {
    ctx = await createTestApp();
    await ctx.createUser("user", null, "vorhanden");
    const { token } = await invitationToken(ctx);
    const res = await register(ctx, token, { email: "VORHANDEN@example.de" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Email already exists");
  });

  it("with ADMIN_EMAIL the invitation carries it and the body's e-mail is ignored; an older admin@localhost link is corrected", async () => {
    ctx = await createTestApp({ firstAdminEmail: "it@bauklar.example" });
    const link = await invitationToken(ctx);
    expect(link.email).toBe("it@bauklar.example");
    await ctx.db.update(registrationLinks).set({ email: "admin@localhost" }).where(eq(registrationLinks.id, link.id));
    await firstStart(ctx.db, ctx.config, silent);
    const corrected = await invitationToken(ctx);
    expect(corrected).toMatchObject({ id: link.id, token: link.token, email: "it@bauklar.example" });
    const ok = await register(ctx, link.token, { email: "anders@bauklar.example" });
    expect(ok.statusCode).toBe(201);
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, "chefin"));
    expect(admin).toMatchObject({ email: "it@bauklar.example", role: "super_admin" });
  });

  it("an invitation of a company admin still takes the e-mail of the link, never the body's", async () => {
    ctx = await createTestApp();
    const boss = await ctx.createUser("super_admin", null, "boss");
    const companyId = await ctx.createCompany("Hochbau Nord");
    const created = await ctx.request("POST", "/api/registration-links", {
      user: boss,
      body: { email: "leitung@nord.example", role: "company_admin", companyId },
    });
    const res = await register(ctx, created.json().registrationLink.token, { email: "fremd@evil.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "leitung@nord.example", role: "company_admin", companyId });
  });
});

describe("the start message", () => {
  it("ends with the invitation link when there is no super admin yet", () => {
    const text = startMessage({
      origin: "http://localhost:3000",
      database: "PGlite in /srv/data",
      adminInvitationUrl: "http://localhost:3000/auth?token=abc",
    });
    expect(text).toContain("bauklar läuft auf http://localhost:3000 (Datenbank: PGlite in /srv/data)");
    expect(text.trimEnd().split("\n").at(-1)).toBe("    http://localhost:3000/auth?token=abc");
    expect(startMessage({ origin: "https://x.example", database: "PostgreSQL", adminInvitationUrl: null })).not.toContain("Einladungslink");
  });
});
