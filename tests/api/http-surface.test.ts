// What the HTTP surface gives away (docs/security.md, ASVS 5.0 13.4 and 14.3): API answers are not
// cached by browsers or proxies, whatever spelling of the path reached the route (issue 22, item 1);
// no TRACE, no directory listings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let admin: TestUser;
let company: number;
beforeAll(async () => {
  ctx = await createTestApp();
  company = await ctx.createCompany("Cache Bau GmbH");
  admin = await ctx.createUser("company_admin", company);
});
afterAll(() => ctx.close());

describe("Cache-Control on API answers", () => {
  it("is no-store on account and tenant data, also under /%61pi/…, and on errors", async () => {
    for (const url of [`/api/companies/${company}`, `/%61pi/companies/${company}`, "/api/users", "/api/user/sessions", "/api/nicht-da"]) {
      const res = await ctx.request("GET", url, { user: admin });
      expect({ url, cache: res.headers["cache-control"] }).toEqual({ url, cache: "no-store" });
    }
  });

  it("keeps a route's own choice (the project list revalidates with its ETag)", async () => {
    const res = await ctx.request("GET", "/api/projects", { user: admin });
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("does not support TRACE and lists no directories", async () => {
    expect((await ctx.request("TRACE", "/api/user", { user: admin })).statusCode).toBe(404);
    for (const url of ["/api/docs/static/", "/assets/", "/api/"]) {
      const res = await ctx.request("GET", url, { user: admin });
      expect({ url, listing: /Index of|<a href=/.test(res.body) }).toEqual({ url, listing: false });
    }
  });
});
