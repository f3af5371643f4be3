import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { auditLog, companies, projects, registrationLinks, users } from "../../src/server/db/schema";
import { createRegistrationLink } from "../../src/server/registration-links/queries";
import { multipart } from "./projects.helpers";

let ctx: TestContext;
let companyA: number;
let companyB: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let adminB: TestUser;

const send = (method: string, url: string, user: TestUser | null, body?: unknown) =>
  ctx.request(method, url, { user, ...(body !== undefined ? { body, headers: { "content-type": "application/json" } } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, companyB, superAdmin, adminA, userA, adminB } = await createWorld(ctx, ["Alpha Bau GmbH", "Beta Hochbau AG"]));
});
afterAll(() => ctx.close());

describe("reading companies", () => {
  it("the list is for super admins only", async () => {
    const res = await send("GET", "/api/companies", superAdmin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { name: string }[]).map((c) => c.name)).toEqual(expect.arrayContaining(["Alpha Bau GmbH", "Beta Hochbau AG"]));
    for (const u of [adminA, userA]) expect((await send("GET", "/api/companies", u)).statusCode).toBe(403);
    expect((await send("GET", "/api/companies", null)).statusCode).toBe(401);
  });

  it("members read their own company; another company is a 404", async () => {
    for (const u of [adminA, userA]) {
      expect((await send("GET", `/api/companies/${companyA}`, u)).json().name).toBe("Alpha Bau GmbH");
      expect((await send("GET", `/api/companies/${companyB}`, u)).statusCode).toBe(404);
    }
    expect((await send("GET", `/api/companies/${companyB}`, superAdmin)).statusCode).toBe(200);
    expect((await send("GET", `/api/companies/999999`, superAdmin)).statusCode).toBe(404);
    expect((await send("GET", `/api/companies/abc`, superAdmin)).statusCode).toBe(400);
  });
});

describe("creating and changing companies", () => {
  it("validates the company form with the spec's texts", async () => {
    const res = await send("POST", "/api/companies", superAdmin, {
      name: "",
      address: "",
      contactEmail: "",
      freeChatbotRequestsPerMonth: -2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: "Name ist erforderlich",
      address: "Adresse ist erforderlich",
      contactEmail: "Kontakt-E-Mail ist erforderlich",
      freeChatbotRequestsPerMonth: "Wert muss -1 oder größer sein",
    });
    const mail = await send("POST", "/api/companies", superAdmin, { name: "X", address: "Y", contactEmail: "nope" });
    expect(mail.json().errors.contactEmail).toBe("Gültige E-Mail-Adresse erforderlich");
  });

  it("super admin creates; an empty chatbot limit becomes -1", async () => {
    const res = await send("POST", "/api/companies", superAdmin, {
      name: "Gamma Bau",
      address: "Ring 2, 60311 Frankfurt",
      contactEmail: "info@gamma.de",
      contactPhone: "",
      freeChatbotRequestsPerMonth: "",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Gamma Bau", contactPhone: null, freeChatbotRequestsPerMonth: -1, chatbotRequestCount: 0 });
    for (const u of [adminA, userA])
      expect((await send("POST", "/api/companies", u, { name: "N", address: "A", contactEmail: "a@b.de" })).statusCode).toBe(403);
  });

  it("company admins edit their own company but not its chatbot limit nor another company", async () => {
    const ok = await send("PATCH", `/api/companies/${companyA}`, adminA, {
      name: "Alpha Bau GmbH & Co. KG",
      contactPhone: "+49 6033 1234",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: "Alpha Bau GmbH & Co. KG", contactPhone: "+49 6033 1234" });
    expect((await send("PATCH", `/api/companies/${companyA}`, adminA, { freeChatbotRequestsPerMonth: 500 })).statusCode).toBe(403);
    expect((await send("PATCH", `/api/companies/${companyB}`, adminA, { name: "Übernahme" })).statusCode).toBe(404);
    expect((await send("PATCH", `/api/companies/${companyA}`, userA, { name: "Hack" })).statusCode).toBe(403);
    const [b] = await ctx.db.select().from(companies).where(eq(companies.id, companyB));
    expect(b.name).toBe("Beta Hochbau AG");
  });

  it("chatbot limits are set by super admins only", async () => {
    expect(
      (await send("PATCH", `/api/companies/${companyA}/chatbot-limits`, adminA, { freeChatbotRequestsPerMonth: 250 })).statusCode,
    ).toBe(403);
    const ok = await send("PATCH", `/api/companies/${companyA}/chatbot-limits`, superAdmin, { freeChatbotRequestsPerMonth: 250 });
    expect(ok.json().freeChatbotRequestsPerMonth).toBe(250);
    expect(
      (await send("PATCH", `/api/companies/${companyA}/chatbot-limits`, superAdmin, { freeChatbotRequestsPerMonth: -5 })).statusCode,
    ).toBe(400);
  });
});

describe("logos", () => {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
    "hex",
  );
  const upload = (user: TestUser, id: number, data: Buffer, type = "image/png", name = "logo.png") => {
    const { body, headers } = multipart({}, [{ field: "logo", name, type, data }]);
    return ctx.request("POST", `/api/companies/${id}/logo`, { user, body, headers });
  };

  it("stores an image and serves it to members only", async () => {
    const res = await upload(adminA, companyA, png);
    expect(res.statusCode).toBe(200);
    const { logo } = res.json();
    expect(logo).toMatch(new RegExp(`^/api/companies/${companyA}/logo\\?v=\\d+$`));
    const img = await ctx.request("GET", logo, { user: userA });
    expect(img.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(img.rawPayload, png)).toBe(0);
    expect((await ctx.request("GET", logo, { user: adminB })).statusCode).toBe(404);
    expect((await send("GET", `/api/companies/${companyA}`, userA)).json().logo).toBe(logo);
  });

  it("refuses non-images, disguised files, files over 2 MB, and other companies", async () => {
    const text = await upload(adminA, companyA, Buffer.from("<svg onload=alert(1)>"), "image/png", "evil.png");
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe("Ungültiger Dateityp");
    const big = await upload(adminA, companyA, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("Die Datei darf maximal 2MB groß sein.");
    expect((await upload(adminA, companyB, png)).statusCode).toBe(404);
    expect((await upload(userA, companyA, png)).statusCode).toBe(403);
  });
});

describe("DELETE /api/companies/:id", () => {
  it("deletes its users, moves its projects to the super admin, in one transaction", async () => {
    const doomed = await ctx.createCompany("Delta Abbruch GmbH");
    const admin = await ctx.createUser("company_admin", doomed);
    const worker = await ctx.createUser("user", doomed);
    const [p1] = await ctx.db
      .insert(projects)
      .values({ name: "Schule Nord", companyId: doomed, createdBy: admin.id, status: "Neu" })
      .returning();
    // A project the doomed user created for another company keeps existing, owned by the admin.
    const [p2] = await ctx.db.insert(projects).values({ name: "Fremdprojekt", companyId: companyB, createdBy: worker.id }).returning();
    const link = await createRegistrationLink(ctx.db, { email: "neu@delta.de", role: "user", companyId: doomed, createdBy: admin.id });

    for (const u of [adminA, admin]) expect((await send("DELETE", `/api/companies/${doomed}`, u)).statusCode).toBe(403);

    const res = await send("DELETE", `/api/companies/${doomed}`, superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deletedUsers: 2, movedProjects: 1 });
    expect(await ctx.db.select().from(companies).where(eq(companies.id, doomed))).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(inArray(users.id, [admin.id, worker.id])),
    ).toHaveLength(0);
    const moved = await ctx.db
      .select()
      .from(projects)
      .where(inArray(projects.id, [p1.id, p2.id]));
    expect(moved.every((p) => p.createdBy === superAdmin.id)).toBe(true);
    expect(moved.find((p) => p.id === p1.id)!.companyId).toBeNull();
    expect(moved.find((p) => p.id === p2.id)!.companyId).toBe(companyB);
    expect(await ctx.db.select().from(registrationLinks).where(eq(registrationLinks.id, link.id))).toHaveLength(0);
    expect((await send("GET", "/api/user", admin)).statusCode).toBe(401);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "company.delete"));
    expect(audit.some((a) => a.targetId === String(doomed) && a.actorId === superAdmin.id)).toBe(true);
    expect((await send("DELETE", `/api/companies/${doomed}`, superAdmin)).statusCode).toBe(404);
  });

  it("a super admin cannot delete the company it belongs to", async () => {
    const own = await ctx.createCompany("Eigene GmbH");
    const sa = await ctx.createUser("super_admin", own);
    expect((await send("DELETE", `/api/companies/${own}`, sa)).statusCode).toBe(409);
    expect(await ctx.db.select().from(companies).where(eq(companies.id, own))).toHaveLength(1);
  });
});
