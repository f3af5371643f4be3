// Pending invitations under "Benutzer" (issue 27): listed per company for company admins and all
// for super admins, resent by mail (the same link), revoked by the company's own admin; another
// company's invitation is a 404, plain users get 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registrationLinks } from "../../src/server/db/schema";
import { createTestApp, type TestContext } from "../helpers/app";
import { createWorld, type World } from "../helpers/world";
import { parseMail, startSmtpServer, type SmtpServer } from "../helpers/smtp-server";

let smtp: SmtpServer;
let ctx: TestContext;
let w: World;
const json = { "content-type": "application/json" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ smtp: { url: smtp.url, from: "bauklar <noreply@bauklar.test>" } });
  w = await createWorld(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const invite = async (user: World["adminA"], email: string, companyId: number) =>
  (await ctx.request("POST", "/api/registration-links", { user, body: { email, role: "user", companyId }, headers: json })).json() as {
    registrationLink: { id: number; token: string };
  };

describe("pending invitations", () => {
  it("lists open links per company, resends the same link, and lets the own admin revoke", async () => {
    const a = await invite(w.adminA, "neu.a@example.de", w.companyA);
    const b = await invite(w.adminB, "neu.b@example.de", w.companyB);
    const used = await invite(w.adminA, "schon.da@example.de", w.companyA);
    await ctx.db.update(registrationLinks).set({ used: true }).where(eq(registrationLinks.id, used.registrationLink.id));

    const listA = (await ctx.request("GET", "/api/registration-links/pending", { user: w.adminA })).json() as {
      id: number;
      email: string;
    }[];
    expect(listA.map((l) => l.email)).toEqual(["neu.a@example.de"]);
    const all = (await ctx.request("GET", "/api/registration-links/pending", { user: w.superAdmin })).json() as { email: string }[];
    expect(
      all
        .map((l) => l.email)
        .filter((e) => e.startsWith("neu.") || e.startsWith("schon."))
        .sort(),
    ).toEqual(["neu.a@example.de", "neu.b@example.de"]);
    expect((await ctx.request("GET", "/api/registration-links/pending", { user: w.userA })).statusCode).toBe(403);

    const before = smtp.messages.length;
    const resent = await ctx.request("POST", `/api/registration-links/${a.registrationLink.id}/resend`, {
      user: w.adminA,
      body: {},
      headers: json,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ mailed: true });
    expect(resent.json().url).toContain(a.registrationLink.token);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.to).toEqual(["neu.a@example.de"]);
    expect(parseMail(mail).text).toContain(a.registrationLink.token);

    // Another company's link is not there for a company admin; a used one is no longer open.
    expect(
      (await ctx.request("POST", `/api/registration-links/${b.registrationLink.id}/resend`, { user: w.adminA, body: {}, headers: json }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.request("DELETE", `/api/registration-links/${b.registrationLink.id}`, { user: w.adminA })).statusCode).toBe(404);
    expect(
      (await ctx.request("POST", `/api/registration-links/${used.registrationLink.id}/resend`, { user: w.adminA, body: {}, headers: json }))
        .statusCode,
    ).toBe(409);
    expect((await ctx.request("DELETE", `/api/registration-links/${a.registrationLink.id}`, { user: w.userA })).statusCode).toBe(403);

    expect((await ctx.request("DELETE", `/api/registration-links/${a.registrationLink.id}`, { user: w.adminA })).statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/registration-links/${a.registrationLink.token}/validate`)).json().valid).not.toBe(true);
    expect(((await ctx.request("GET", "/api/registration-links/pending", { user: w.adminA })).json() as unknown[]).length).toBe(0);
    expect((await ctx.db.select().from(registrationLinks).where(eq(registrationLinks.id, b.registrationLink.id))).length).toBe(1);
  });
});
