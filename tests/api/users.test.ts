// Users API (requirements 2.6): every route × role × own/other company, the validation texts,
// nothing changed on refusal, and the audit entries of changes to someone else's account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, projects, sessions, users } from "../../src/server/db/schema";
import { verifyPassword } from "../../src/server/auth/passwords";
import { OWN_ROLE_UNCHANGEABLE, USER_RULES } from "../../src/common/schemas/user";
import type { UserDto } from "../../src/common/types";
import { PASSWORD, createTestApp, userRow, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";

let ctx: TestContext;
let companyA: number;
let companyB: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let adminB: TestUser;
let userB: TestUser;

const NEW_PASSWORD = "Neues!Passwort2";

async function auditRows(action: string, targetId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, companyB, superAdmin, adminA, userA, adminB, userB } = await createWorld(ctx, ["Alpha Bau GmbH", "Beta Hochbau AG"]));
});
afterAll(() => ctx.close());

describe("GET /api/users", () => {
  it("gives a super admin every user with the company name, sorted by id, without password hashes", async () => {
    const res = await ctx.request("GET", "/api/users", { user: superAdmin });
    expect(res.statusCode).toBe(200);
    const list = res.json<UserDto[]>();
    const ids = list.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([superAdmin.id, adminA.id, userA.id, adminB.id, userB.id]));
    expect(list.find((u) => u.id === userB.id)?.companyName).toBe("Beta Hochbau AG");
    expect(res.body).not.toContain("passwordHash");
    expect(res.body).not.toContain("argon2");
  });

  it("gives a company admin only the users of its own company", async () => {
    const res = await ctx.request("GET", "/api/users", { user: adminA });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<UserDto[]>()
        .map((u) => u.id)
        .sort(),
    ).toEqual([adminA.id, userA.id].sort());
  });

  it("gives a company admin without a company only its own row", async () => {
    const orphan = await ctx.createUser("company_admin", null);
    const res = await ctx.request("GET", "/api/users", { user: orphan });
    expect(res.json<UserDto[]>().map((u) => u.id)).toEqual([orphan.id]);
  });

  it("refuses a plain user (403) and a visitor (401)", async () => {
    expect((await ctx.request("GET", "/api/users", { user: userA })).statusCode).toBe(403);
    expect((await ctx.request("GET", "/api/users")).statusCode).toBe(401);
  });

  it("keeps lastAccessAt up to date for real sessions", async () => {
    const u = await ctx.createUser("user", companyA);
    const old = new Date(Date.now() - 3 * 3_600_000);
    await ctx.db.update(users).set({ lastAccessAt: old }).where(eq(users.id, u.id));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, u.id));
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(200);
    const row = await userRow(ctx.db, u.id);
    expect(row.lastAccessAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("PATCH /api/users/:id", () => {
  it("lets a super admin change personal data, role and company of another user, with audit entries", async () => {
    const u = await ctx.createUser("user", companyA);
    const res = await ctx.request("PATCH", `/api/users/${u.id}`, {
      user: superAdmin,
      body: {
        firstName: "Erika",
        lastName: "Mustermann",
        email: "erika@beta.de",
        username: "erika.m",
        role: "company_admin",
        companyId: companyB,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserDto>()).toMatchObject({
      firstName: "Erika",
      lastName: "Mustermann",
      email: "erika@beta.de",
      username: "erika.m",
      role: "company_admin",
      companyId: companyB,
      companyName: "Beta Hochbau AG",
    });
    const [roleChange] = await auditRows("user.role_change", u.id);
    expect(roleChange).toMatchObject({ actorId: superAdmin.id, details: { from: "user", to: "company_admin" } });
    const [update] = await auditRows("user.update", u.id);
    expect(update.details).toMatchObject({ companyFrom: companyA, companyTo: companyB });
    expect((update.details as { fields: string[] }).fields).toEqual(
      expect.arrayContaining(["firstName", "email", "username", "companyId"]),
    );
  });

  it("lets a super admin make another user a super admin and move users out of any company", async () => {
    const u = await ctx.createUser("user", companyB);
    const res = await ctx.request("PATCH", `/api/users/${u.id}`, { user: superAdmin, body: { role: "super_admin", companyId: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserDto>()).toMatchObject({ role: "super_admin", companyId: null });
  });

  it("refuses a change of one's own role for every role, and nothing changes", async () => {
    for (const [actor, role] of [
      [superAdmin, "user"],
      [adminA, "super_admin"],
      [adminA, "user"],
    ] as const) {
      const res = await ctx.request("PATCH", `/api/users/${actor.id}`, { user: actor, body: { role } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OWN_ROLE_UNCHANGEABLE);
      expect((await userRow(ctx.db, actor.id)).role).toBe(actor.role);
    }
  });

  it("refuses a plain user, also for its own role", async () => {
    const res = await ctx.request("PATCH", `/api/users/${userA.id}`, { user: userA, body: { role: "company_admin" } });
    expect(res.statusCode).toBe(403);
    expect((await userRow(ctx.db, userA.id)).role).toBe("user");
    expect((await ctx.request("PATCH", `/api/users/${userB.id}`, { user: userA, body: { role: "user" } })).statusCode).toBe(403);
  });

  it("lets a company admin promote users of its own company; demoting an admin is a super admin's act", async () => {
    const u = await ctx.createUser("user", companyA);
    const up = await ctx.request("PATCH", `/api/users/${u.id}`, { user: adminA, body: { role: "company_admin" } });
    expect(up.statusCode).toBe(200);
    expect(up.json<UserDto>().role).toBe("company_admin");
    const down = await ctx.request("PATCH", `/api/users/${u.id}`, { user: adminA, body: { role: "user", companyId: companyA } });
    expect(down.statusCode).toBe(403);
    expect(down.json().message).toBe(USER_RULES.adminTarget);
    expect((await auditRows("user.role_change", u.id)).map((r) => r.actorId)).toEqual([adminA.id]);
  });

  it("does not let a company admin hand out the super admin role", async () => {
    const u = await ctx.createUser("user", companyA);
    const res = await ctx.request("PATCH", `/api/users/${u.id}`, { user: adminA, body: { role: "super_admin" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_RULES.roleNotAssignable);
    expect((await userRow(ctx.db, u.id)).role).toBe("user");
  });

  it("does not let a company admin move a user to another company", async () => {
    const u = await ctx.createUser("user", companyA);
    for (const companyId of [companyB, null]) {
      const res = await ctx.request("PATCH", `/api/users/${u.id}`, { user: adminA, body: { companyId } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_RULES.otherCompany);
    }
    expect((await userRow(ctx.db, u.id)).companyId).toBe(companyA);
  });

  it("does not let a company admin edit personal data", async () => {
    const res = await ctx.request("PATCH", `/api/users/${userA.id}`, { user: adminA, body: { firstName: "Hacker", email: "x@y.de" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_RULES.personalData);
    expect((await userRow(ctx.db, userA.id)).firstName).toBe("Vor");
  });

  it("hides another company's users from a company admin (404) and changes nothing", async () => {
    for (const target of [userB, adminB, superAdmin]) {
      const res = await ctx.request("PATCH", `/api/users/${target.id}`, { user: adminA, body: { role: "user" } });
      expect(res.statusCode).toBe(404);
      expect((await userRow(ctx.db, target.id)).role).toBe(target.role);
    }
  });

  it("does not let a company admin touch a super admin of its own company", async () => {
    const sa = await ctx.createUser("super_admin", companyA);
    const res = await ctx.request("PATCH", `/api/users/${sa.id}`, { user: adminA, body: { role: "user" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_RULES.superAdminTarget);
    expect((await userRow(ctx.db, sa.id)).role).toBe("super_admin");
  });

  it("keeps usernames and e-mails unique regardless of case (409 with the mapped texts)", async () => {
    const u = await ctx.createUser("user", companyA);
    const dupName = await ctx.request("PATCH", `/api/users/${u.id}`, {
      user: superAdmin,
      body: { username: adminB.username.toUpperCase() },
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe("Username already exists");
    const dupMail = await ctx.request("PATCH", `/api/users/${u.id}`, { user: superAdmin, body: { email: `${userB.username}@EXAMPLE.DE` } });
    expect(dupMail.statusCode).toBe(409);
    expect(dupMail.json().message).toBe("Email already exists");
    const row = await userRow(ctx.db, u.id);
    expect(row.username).toBe(u.username);
  });

  it("answers bad input with 400 and a clear message", async () => {
    const cases: [unknown, number, string?][] = [
      [{ role: "king" }, 400],
      [{ email: "keine-mail" }, 400, "Gültige E-Mail-Adresse erforderlich"],
      [{ username: "ab" }, 400, "Benutzername muss mindestens 3 Zeichen haben"],
      [{ companyId: "eins" }, 400],
      [{ companyId: 999_999 }, 400, USER_RULES.companyUnknown],
      [{}, 400, USER_RULES.noChanges],
    ];
    for (const [body, status, message] of cases) {
      const res = await ctx.request("PATCH", `/api/users/${userA.id}`, { user: superAdmin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await ctx.request("PATCH", "/api/users/abc", { user: superAdmin, body: { role: "user" } })).statusCode).toBe(400);
    expect((await ctx.request("PATCH", "/api/users/999999", { user: superAdmin, body: { role: "user" } })).statusCode).toBe(404);
    expect((await userRow(ctx.db, userA.id)).companyId).toBe(companyA);
  });
});

describe("POST /api/users/:id/reset-password", () => {
  it("lets a super admin reset anyone's password, ends that user's sessions and audits it", async () => {
    const u = await ctx.createUser("company_admin", companyB);
    const res = await ctx.request("POST", `/api/users/${u.id}/reset-password`, { user: superAdmin, body: { newPassword: NEW_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(await verifyPassword((await userRow(ctx.db, u.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await ctx.request("GET", "/api/user", { user: u })).statusCode).toBe(401);
    expect(await ctx.login(u.username, NEW_PASSWORD)).toMatch(/^bauklar_sid=/);
    expect(await auditRows("user.password_reset", u.id)).toHaveLength(1);
  });

  it("lets a company admin reset plain users of its own company, not other admins", async () => {
    const u = await ctx.createUser("user", companyA);
    const a = await ctx.createUser("company_admin", companyA);
    for (const [target, status] of [
      [u, 200],
      [a, 403],
    ] as const) {
      const res = await ctx.request("POST", `/api/users/${target.id}/reset-password`, {
        user: adminA,
        body: { newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(status);
    }
  });

  it("refuses a company admin for other companies (404) and super admins (403); the passwords stay", async () => {
    const sa = await ctx.createUser("super_admin", companyA);
    const cases: [TestUser, number][] = [
      [userB, 404],
      [adminB, 404],
      [superAdmin, 404],
      [sa, 403],
    ];
    for (const [target, status] of cases) {
      const res = await ctx.request("POST", `/api/users/${target.id}/reset-password`, {
        user: adminA,
        body: { newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(status);
      expect(await verifyPassword((await userRow(ctx.db, target.id)).passwordHash, PASSWORD)).toBe(true);
    }
  });

  it("refuses plain users, one's own account, and weak or empty passwords", async () => {
    expect(
      (await ctx.request("POST", `/api/users/${userA.id}/reset-password`, { user: userA, body: { newPassword: NEW_PASSWORD } })).statusCode,
    ).toBe(403);
    const self = await ctx.request("POST", `/api/users/${adminA.id}/reset-password`, { user: adminA, body: { newPassword: NEW_PASSWORD } });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_RULES.resetSelf);
    const empty = await ctx.request("POST", `/api/users/${userA.id}/reset-password`, { user: superAdmin, body: { newPassword: "" } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Bitte geben Sie ein neues Passwort ein.");
    const weak = await ctx.request("POST", `/api/users/${userA.id}/reset-password`, { user: superAdmin, body: { newPassword: "kurz" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe("Passwort muss mindestens 8 Zeichen haben");
    expect(await verifyPassword((await userRow(ctx.db, userA.id)).passwordHash, PASSWORD)).toBe(true);
    expect(await verifyPassword((await userRow(ctx.db, adminA.id)).passwordHash, PASSWORD)).toBe(true);
  });
});

describe("DELETE /api/users/:id", () => {
  async function projectBy(createdBy: number, companyId: number | null) {
    const [p] = await ctx.db.insert(projects).values({ name: "Rohbau Halle", createdBy, companyId }).returning({ id: projects.id });
    return p.id;
  }

  it("deletes a user, moves its projects to the acting admin in the same step, and audits it", async () => {
    const u = await ctx.createUser("user", companyA);
    const projectId = await projectBy(u.id, companyA);
    const res = await ctx.request("DELETE", `/api/users/${u.id}`, { user: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reassignedProjects: 1 });
    expect(await userRow(ctx.db, u.id)).toBeUndefined();
    const [p] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(p).toMatchObject({ createdBy: superAdmin.id, companyId: companyA });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const [entry] = await auditRows("user.delete", u.id);
    expect(entry).toMatchObject({ actorId: superAdmin.id, details: { username: u.username, reassignedProjects: 1 } });
  });

  it("lets a company admin delete a plain user of its own company; projects go to that admin", async () => {
    const u = await ctx.createUser("user", companyA);
    const projectId = await projectBy(u.id, companyA);
    expect((await ctx.request("DELETE", `/api/users/${u.id}`, { user: adminA })).statusCode).toBe(200);
    const [p] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(p.createdBy).toBe(adminA.id);
  });

  it("refuses a company admin for other admins, super admins and other companies; nothing is deleted", async () => {
    const otherAdmin = await ctx.createUser("company_admin", companyA);
    const sa = await ctx.createUser("super_admin", companyA);
    const cases: [TestUser, number, string?][] = [
      [otherAdmin, 403, USER_RULES.deleteAdmin],
      [sa, 403, USER_RULES.superAdminTarget],
      [userB, 404],
      [adminB, 404],
      [superAdmin, 404],
    ];
    for (const [target, status, message] of cases) {
      const res = await ctx.request("DELETE", `/api/users/${target.id}`, { user: adminA });
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await userRow(ctx.db, target.id)).toBeDefined();
    }
  });

  it("refuses deleting oneself and plain users deleting others", async () => {
    for (const actor of [superAdmin, adminA]) {
      const res = await ctx.request("DELETE", `/api/users/${actor.id}`, { user: actor });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_RULES.deleteSelf);
    }
    const u = await ctx.createUser("user", companyA);
    expect((await ctx.request("DELETE", `/api/users/${u.id}`, { user: userA })).statusCode).toBe(403);
    expect(await userRow(ctx.db, u.id)).toBeDefined();
  });

  it("lets a super admin delete another super admin, but two admins deleting each other leave one", async () => {
    const s1 = await ctx.createUser("super_admin", null);
    const s2 = await ctx.createUser("super_admin", null);
    const [r1, r2] = await Promise.all([
      ctx.request("DELETE", `/api/users/${s2.id}`, { user: s1 }),
      ctx.request("DELETE", `/api/users/${s1.id}`, { user: s2 }),
    ]);
    // Exactly one wins; the loser no longer exists when its turn comes.
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 401]);
    const remaining = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, "super_admin"))).map((r) => r.id);
    expect(remaining.filter((id) => id === s1.id || id === s2.id)).toHaveLength(1);
    expect(remaining).toContain(superAdmin.id);
  });
});
