// The super admin's set-up checklist (issue 27) reads real state: operator details and mail from
// the configuration, the first company and company admin from the database, the second factor of
// the caller. Only super admins may ask.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import { createTestApp, type TestContext } from "../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ smtp: { url: "smtp://127.0.0.1:2", from: "bauklar <noreply@bauklar.test>" } });
});
afterAll(() => ctx.close());

describe("GET /api/setup-status", () => {
  it("ticks each step off from real state, for super admins only", async () => {
    const admin = await ctx.createUser("super_admin", null);
    const status = async () => (await ctx.request("GET", "/api/setup-status", { user: admin })).json();
    expect(await status()).toEqual({ operator: false, mail: true, company: false, companyAdmin: false, secondFactor: false });
    const company = await ctx.createCompany("Erste Bau GmbH");
    expect(await status()).toMatchObject({ company: true, companyAdmin: false });
    const companyAdmin = await ctx.createUser("company_admin", company);
    expect(await status()).toMatchObject({ companyAdmin: true, secondFactor: false });
    await ctx.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));
    expect(await status()).toMatchObject({ secondFactor: true });
    expect((await ctx.request("GET", "/api/setup-status", { user: companyAdmin })).statusCode).toBe(403);
    expect((await ctx.request("GET", "/api/setup-status")).statusCode).toBe(401);
  });
});
