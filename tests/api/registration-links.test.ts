import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { auditLog, registrationLinks } from "../../src/server/db/schema";

let ctx: TestContext;
let companyA: number;
let companyB: number;
let superAdmin: TestUser;
let adminA: TestUser;
let adminNoCompany: TestUser;
let userA: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  companyA = await ctx.createCompany("Hochbau A GmbH");
  companyB = await ctx.createCompany("Hochbau B GmbH");
  superAdmin = await ctx.createUser("super_admin", null);
  adminA = await ctx.createUser("company_admin", companyA);
  adminNoCompany = await ctx.createUser("company_admin", null);
  userA = await ctx.createUser("user", companyA);
});
afterAll(() => ctx.close());

const invite = (user: TestUser | null, body: unknown) =>
  ctx.request("POST", "/api/registration-links", { user, body, headers: { "content-type": "application/json" } });
const linkCount = async () => (await ctx.db.select({ id: registrationLinks.id }).from(registrationLinks)).length;

describe("POST /api/registration-links", () => {
  it("super admin invites any role into any company; the answer has the token and link", async () => {
    for (const role of ["super_admin", "company_admin", "user"] as const) {
      const res = await invite(superAdmin, { email: `${role}@firma-b.de`, role, companyId: companyB });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.registrationLink).toMatchObject({ email: `${role}@firma-b.de`, role, companyId: companyB });
      expect(body.registrationLink.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(body.url).toBe(`http://localhost:3000/auth?token=${body.registrationLink.token}`);
    }
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "registration_link.create"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.actorId).toBe(superAdmin.id);
  });

  it("company admin invites standard users into its own company only", async () => {
    const ok = await invite(adminA, { email: "kollege@firma-a.de", role: "user", companyId: companyA });
    expect(ok.statusCode).toBe(201);
    const before = await linkCount();
    const asAdmin = await invite(adminA, { email: "chef@firma-a.de", role: "company_admin", companyId: companyA });
    expect(asAdmin.statusCode).toBe(403);
    const asSuper = await invite(adminA, { email: "root@firma-a.de", role: "super_admin", companyId: companyA });
    expect(asSuper.statusCode).toBe(403);
    const other = await invite(adminA, { email: "fremd@firma-b.de", role: "user", companyId: companyB });
    expect(other.statusCode).toBe(403);
    const noCompany = await invite(adminNoCompany, { email: "x@firma.de", role: "user", companyId: companyA });
    expect(noCompany.statusCode).toBe(403);
    expect(noCompany.json().message).toMatch(/Unternehmen zugewiesen/);
    expect(await linkCount()).toBe(before);
  });

  it("users and visitors cannot invite", async () => {
    expect((await invite(userA, { email: "a@b.de", role: "user", companyId: companyA })).statusCode).toBe(403);
    expect((await invite(null, { email: "a@b.de", role: "user", companyId: companyA })).statusCode).toBe(401);
  });

  it("validates with the schema's messages", async () => {
    const before = await linkCount();
    const bad = await invite(superAdmin, { email: "kein-mail", role: "chef", companyId: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ email: "Invalid email address", companyId: "Unternehmen ist erforderlich" });
    expect(bad.json().errors.role).toBeTruthy();
    const missingCompany = await invite(superAdmin, { email: "a@b.de", role: "user" });
    expect(missingCompany.json().errors.companyId).toBe("Unternehmen ist erforderlich");
    const unknownCompany = await invite(superAdmin, { email: "a@b.de", role: "user", companyId: 99999 });
    expect(unknownCompany.statusCode).toBe(400);
    const taken = await invite(superAdmin, { email: `${userA.username.toUpperCase()}@example.de`, role: "user", companyId: companyA });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Email already exists");
    expect(await linkCount()).toBe(before);
  });
});

describe("GET and DELETE /api/registration-links", () => {
  it("lists newest first with company names, for super admins only", async () => {
    const res = await ctx.request("GET", "/api/registration-links", { user: superAdmin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; companyName: string | null }[];
    expect(list.map((l) => l.id)).toEqual([...list.map((l) => l.id)].sort((a, b) => b - a));
    expect(list.find((l) => l.companyName === "Hochbau B GmbH")).toBeTruthy();
    for (const u of [adminA, userA]) expect((await ctx.request("GET", "/api/registration-links", { user: u })).statusCode).toBe(403);
    expect((await ctx.request("GET", "/api/registration-links")).statusCode).toBe(401);
  });

  it("deletes for super admins (and the company's own admin, issue 27); others change nothing", async () => {
    const created = (await invite(superAdmin, { email: "weg@firma.de", role: "user", companyId: companyA })).json().registrationLink;
    const other = await ctx.createCompany("Fremdfirma GmbH");
    const otherAdmin = await ctx.createUser("company_admin", other);
    expect((await ctx.request("DELETE", `/api/registration-links/${created.id}`, { user: otherAdmin })).statusCode).toBe(404);
    expect((await ctx.request("DELETE", `/api/registration-links/${created.id}`, { user: userA })).statusCode).toBe(403);
    expect((await ctx.request("GET", `/api/registration-links/${created.token}/validate`)).statusCode).toBe(200);
    expect((await ctx.request("DELETE", `/api/registration-links/${created.id}`, { user: superAdmin })).statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/registration-links/${created.token}/validate`)).statusCode).toBe(404);
    expect((await ctx.request("DELETE", `/api/registration-links/${created.id}`, { user: superAdmin })).statusCode).toBe(404);
    expect((await ctx.request("DELETE", `/api/registration-links/abc`, { user: superAdmin })).statusCode).toBe(400);
  });
});
