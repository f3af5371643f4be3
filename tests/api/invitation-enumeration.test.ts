// Issue 22, item 9: a company admin learned whether an e-mail exists in another company (409 for
// another company's address, 201 for an unknown one; no limit on the route).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let companyA: number;
let adminA: TestUser;
let userB: TestUser;
const json = { "content-type": "application/json" };

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: true });
  companyA = await ctx.createCompany("Einlad A GmbH");
  const companyB = await ctx.createCompany("Einlad B GmbH");
  adminA = await ctx.createUser("company_admin", companyA);
  userB = await ctx.createUser("user", companyB);
});
afterAll(() => ctx.close());

const invite = (email: string, user = adminA) =>
  ctx.request("POST", "/api/registration-links", { user, body: { email, role: "user", companyId: companyA }, headers: json });

describe("invitations do not reveal other companies' addresses", () => {
  it("answers another company's address like an unknown one; the registration then refuses it", async () => {
    const unknown = await invite("niemand@x.de");
    const foreign = await invite(`${userB.username}@example.de`);
    expect([unknown.statusCode, foreign.statusCode]).toEqual([201, 201]);
    const token = foreign.json().registrationLink.token;
    const reg = await ctx.request("POST", "/api/register", {
      body: { token, username: "fremd", firstName: "F", lastName: "R", password: "Kran!Ausleger7" },
      headers: json,
    });
    expect(reg.statusCode).toBe(409);
    expect(reg.json().message).toBe("Email already exists");
  });

  it("still says so for an address of the own company", async () => {
    const res = await invite(`${adminA.username}@example.de`);
    expect(res.statusCode).toBe(409);
  });

  it("limits invitations per company (429 after 30 in 10 minutes)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await invite(`massen${i}@x.de`)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.slice(0, 27).every((c) => c === 201)).toBe(true);
  });
});
