// The calls of the settings screen (requirements 2.2, 2.5, 2.7, 2.8): password change, profile
// deletion, and the Unternehmen tab's company update and logo upload per role and company.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, companies, companyLogos, projects, sessions, users } from "../../src/server/db/schema";
import { verifyPassword } from "../../src/server/auth/passwords";
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_FIELDS_REQUIRED, USER_RULES } from "../../src/common/schemas/user";
import { NOT_WHILE_IMPERSONATING } from "../../src/server/users/self-service";
import { PASSWORD, createTestApp, sessionCookie, userRow, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let companyA: number;
let companyB: number;
let superAdmin: TestUser;

const NEW_PASSWORD = "Neues!Passwort2";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

function multipart(field: string, fileName: string, type: string, data: Buffer) {
  const boundary = "----bauklarTestBoundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  ctx = await createTestApp();
  companyA = await ctx.createCompany("Alpha Bau GmbH");
  companyB = await ctx.createCompany("Beta Hochbau AG");
  superAdmin = await ctx.createUser("super_admin", null);
});
afterAll(() => ctx.close());

describe("POST /api/user/change-password", () => {
  it("changes the password with the right current one, keeps this session and ends the others", async () => {
    const u = await ctx.createUser("user", companyA);
    const otherDevice = await ctx.login(u.username);
    const res = await ctx.request("POST", "/api/user/change-password", {
      user: u,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(200);
    expect((await ctx.request("GET", "/api/user", { cookie: otherDevice })).statusCode).toBe(401);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.password_change"), eq(auditLog.targetId, String(u.id))));
    expect(entry.actorId).toBe(u.id);
  });

  it("answers a wrong current password with 'Current password is incorrect' (400, not 401) and keeps the old one", async () => {
    const u = await ctx.createUser("company_admin", companyA);
    const res = await ctx.request("POST", "/api/user/change-password", {
      user: u,
      body: { currentPassword: "Falsch!123", newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CURRENT_PASSWORD_INCORRECT);
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, PASSWORD)).toBe(true);
  });

  it("needs all fields for non-super-admins and lists the missing password rules", async () => {
    const u = await ctx.createUser("user", companyA);
    const cases: [unknown, string][] = [
      [{ newPassword: NEW_PASSWORD }, PASSWORD_FIELDS_REQUIRED],
      [{ currentPassword: PASSWORD, newPassword: "" }, PASSWORD_FIELDS_REQUIRED],
      [
        { currentPassword: PASSWORD, newPassword: "abcdefgh" },
        "Das Passwort erfüllt nicht folgende Anforderungen: Ein Großbuchstabe, Eine Zahl, Ein Sonderzeichen",
      ],
      [{ currentPassword: PASSWORD, newPassword: "Ab1!" }, "Das Passwort erfüllt nicht folgende Anforderungen: Mindestens 8 Zeichen"],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request("POST", "/api/user/change-password", { user: u, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, PASSWORD)).toBe(true);
  });

  // Issue 22, item 7: a super admin changed the own password without the current one.
  it("asks a super admin for the current password too (or a second-factor code)", async () => {
    const sa = await ctx.createUser("super_admin", null);
    const without = await ctx.request("POST", "/api/user/change-password", { user: sa, body: { newPassword: NEW_PASSWORD } });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(PASSWORD_FIELDS_REQUIRED);
    const wrong = await ctx.request("POST", "/api/user/change-password", {
      user: sa,
      body: { currentPassword: "Falsch!Kennwort9", newPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CURRENT_PASSWORD_INCORRECT);
    const badCode = await ctx.request("POST", "/api/user/change-password", {
      user: sa,
      body: { code: "123456", newPassword: NEW_PASSWORD },
    });
    expect(badCode.statusCode).toBe(400);
    expect(await verifyPassword((await userRow(ctx.db, sa.id)).passwordHash, PASSWORD)).toBe(true);
    const right = await ctx.request("POST", "/api/user/change-password", {
      user: sa,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect(await verifyPassword((await userRow(ctx.db, sa.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it("refuses visitors and impersonated sessions", async () => {
    expect(
      (await ctx.request("POST", "/api/user/change-password", { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }))
        .statusCode,
    ).toBe(401);
    const u = await ctx.createUser("user", companyA);
    const admin = { ...superAdmin, cookie: await ctx.login(superAdmin.username) };
    const cookie = sessionCookie(await ctx.request("GET", `/api/impersonate/${u.id}`, { user: admin }));
    const res = await ctx.request("POST", "/api/user/change-password", {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_WHILE_IMPERSONATING);
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, PASSWORD)).toBe(true);
  });
});

describe("DELETE /api/user/delete-profile", () => {
  it("deletes the own account, moves its projects to a super admin, ends the session and audits it", async () => {
    const u = await ctx.createUser("company_admin", companyA);
    const [p] = await ctx.db
      .insert(projects)
      .values({ name: "Sanierung Schule", createdBy: u.id, companyId: companyA })
      .returning({ id: projects.id });
    const res = await ctx.request("DELETE", "/api/user/delete-profile", { user: u });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toContain("bauklar_sid=;");
    expect(await userRow(ctx.db, u.id)).toBeUndefined();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const [moved] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    const superAdmins = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, "super_admin"))).map((r) => r.id);
    expect(superAdmins).toContain(moved.createdBy);
    expect(moved.companyId).toBe(companyA);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.delete_self"), eq(auditLog.targetId, String(u.id))));
    expect(entry.details).toMatchObject({ username: u.username, projectsTo: moved.createdBy });
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);
  });

  it("refuses the last super admin and an impersonated session; nothing is deleted", async () => {
    const lone = await createTestApp();
    try {
      const only = await lone.createUser("super_admin", null);
      const res = await lone.request("DELETE", "/api/user/delete-profile", { user: only });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_RULES.lastSuperAdmin);
      expect(await userRow(lone.db, only.id)).toBeDefined();
      const u = await lone.createUser("user", await lone.createCompany());
      const cookie = sessionCookie(await lone.request("GET", `/api/impersonate/${u.id}`, { user: only }));
      const imp = await lone.request("DELETE", "/api/user/delete-profile", { cookie });
      expect(imp.statusCode).toBe(403);
      expect(await userRow(lone.db, u.id)).toBeDefined();
    } finally {
      await lone.close();
    }
  });

  it("lets a super admin leave when another one remains", async () => {
    const sa = await ctx.createUser("super_admin", null);
    expect((await ctx.request("DELETE", "/api/user/delete-profile", { user: sa })).statusCode).toBe(200);
    expect(await userRow(ctx.db, sa.id)).toBeUndefined();
  });
});

describe("Unternehmen tab: PATCH /api/companies/:id and POST /api/companies/:id/logo", () => {
  it("lets a company admin save its own company's data, but not the chatbot limit", async () => {
    const admin = await ctx.createUser("company_admin", companyA);
    const res = await ctx.request("PATCH", `/api/companies/${companyA}`, {
      user: admin,
      body: {
        name: "Alpha Bau GmbH & Co. KG",
        address: "Ringstraße 5, 35510 Butzbach",
        contactEmail: "info@alpha-bau.de",
        contactPhone: "06033 1234",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Alpha Bau GmbH & Co. KG", contactPhone: "06033 1234" });
    const limit = await ctx.request("PATCH", `/api/companies/${companyA}`, { user: admin, body: { freeChatbotRequestsPerMonth: -1 } });
    expect(limit.statusCode).toBe(403);
  });

  it("hides other companies from a company admin and refuses plain users", async () => {
    const admin = await ctx.createUser("company_admin", companyA);
    const user = await ctx.createUser("user", companyA);
    expect((await ctx.request("PATCH", `/api/companies/${companyB}`, { user: admin, body: { name: "Übernommen" } })).statusCode).toBe(404);
    expect((await ctx.request("PATCH", `/api/companies/${companyA}`, { user, body: { name: "Übernommen" } })).statusCode).toBe(403);
    const [b] = await ctx.db.select().from(companies).where(eq(companies.id, companyB));
    expect(b.name).toBe("Beta Hochbau AG");
  });

  it("answers invalid company data with the validation texts", async () => {
    const admin = await ctx.createUser("company_admin", companyA);
    const res = await ctx.request("PATCH", `/api/companies/${companyA}`, { user: admin, body: { contactEmail: "keine-mail" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Gültige E-Mail-Adresse erforderlich");
  });

  it("stores an image logo byte-exact, refuses non-images, over-size files and other companies", async () => {
    const admin = await ctx.createUser("company_admin", companyA);
    const ok = multipart("logo", "logo.png", "image/png", PNG);
    const res = await ctx.request("POST", `/api/companies/${companyA}/logo`, { user: admin, body: ok.body, headers: ok.headers });
    expect(res.statusCode).toBe(200);
    const logoUrl = res.json<{ logo: string }>().logo;
    const served = await ctx.request("GET", logoUrl, { user: admin });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const text = multipart("logo", "logo.png", "image/png", Buffer.from("<svg onload=alert(1)>"));
    expect(
      (await ctx.request("POST", `/api/companies/${companyA}/logo`, { user: admin, body: text.body, headers: text.headers })).statusCode,
    ).toBe(415);
    const big = multipart("logo", "gross.png", "image/png", Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    const tooBig = await ctx.request("POST", `/api/companies/${companyA}/logo`, { user: admin, body: big.body, headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe("Die Datei darf maximal 2MB groß sein.");
    const [stored] = await ctx.db.select().from(companyLogos).where(eq(companyLogos.companyId, companyA));
    expect(stored.data.equals(PNG)).toBe(true);

    expect(
      (await ctx.request("POST", `/api/companies/${companyB}/logo`, { user: admin, body: ok.body, headers: ok.headers })).statusCode,
    ).toBe(404);
    expect(await ctx.db.select().from(companyLogos).where(eq(companyLogos.companyId, companyB))).toHaveLength(0);
  });
});
