// Deleting a company (requirements 2.6): its users are deleted and its projects move to the
// super admin, all in one transaction — a failure half-way leaves everything as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { auditLog, companies, projects, registrationLinks, sessions, users } from "../../src/server/db/schema";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let superAdmin: TestUser;

async function companyWithData(name: string) {
  const companyId = await ctx.createCompany(name);
  const admin = await ctx.createUser("company_admin", companyId);
  const user = await ctx.createUser("user", companyId);
  const [p1] = await ctx.db.insert(projects).values({ name: "Neubau Kita", companyId, createdBy: user.id }).returning({ id: projects.id });
  const [p2] = await ctx.db
    .insert(projects)
    .values({ name: "Umbau Rathaus", companyId, createdBy: admin.id })
    .returning({ id: projects.id });
  return { companyId, admin, user, projectIds: [p1.id, p2.id] };
}

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await ctx.createUser("super_admin", null);
});
afterAll(() => ctx.close());

describe("DELETE /api/companies/:id", () => {
  it("deletes the users and moves the projects to the acting super admin", async () => {
    const c = await companyWithData("Gamma Bau GmbH");
    const other = await ctx.createCompany("Delta GmbH");
    // A project the company's user created for another company stays there, owned by the admin.
    const [elsewhere] = await ctx.db
      .insert(projects)
      .values({ name: "Fremdprojekt", companyId: other, createdBy: c.user.id })
      .returning({ id: projects.id });
    const res = await ctx.request("DELETE", `/api/companies/${c.companyId}`, { user: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deletedUsers: 2, movedProjects: 2 });
    expect(await ctx.db.select().from(companies).where(eq(companies.id, c.companyId))).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(inArray(users.id, [c.admin.id, c.user.id])),
    ).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(inArray(sessions.userId, [c.admin.id, c.user.id])),
    ).toHaveLength(0);
    const moved = await ctx.db.select().from(projects).where(inArray(projects.id, c.projectIds)).orderBy(projects.id);
    expect(moved.map((p) => p.createdBy)).toEqual([superAdmin.id, superAdmin.id]);
    expect(moved.map((p) => p.companyId)).toEqual([null, null]);
    const [kept] = await ctx.db.select().from(projects).where(eq(projects.id, elsewhere.id));
    expect(kept).toMatchObject({ companyId: other, createdBy: superAdmin.id });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "company.delete"));
    expect(entry).toMatchObject({ actorId: superAdmin.id, targetId: String(c.companyId) });
  });

  it("rolls everything back when a step fails half-way", async () => {
    const c = await companyWithData("Epsilon Bau AG");
    await ctx.db.insert(registrationLinks).values({
      token: "rollback-test",
      email: "neu@epsilon.de",
      role: "user",
      companyId: c.companyId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    // A trigger makes the user deletion (after the projects were moved) fail.
    await ctx.db.execute(
      sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'blocked for test'; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        `create trigger refuse_user_delete before delete on users for each row when (old.company_id = ${c.companyId}) execute function refuse_delete()`,
      ),
    );
    try {
      const res = await ctx.request("DELETE", `/api/companies/${c.companyId}`, { user: superAdmin });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain("blocked for test");
    } finally {
      await ctx.db.execute(sql.raw("drop trigger refuse_user_delete on users"));
      await ctx.db.execute(sql.raw("drop function refuse_delete()"));
    }
    expect(await ctx.db.select().from(companies).where(eq(companies.id, c.companyId))).toHaveLength(1);
    expect(await ctx.db.select().from(users).where(eq(users.companyId, c.companyId))).toHaveLength(2);
    const untouched = await ctx.db.select().from(projects).where(inArray(projects.id, c.projectIds)).orderBy(projects.id);
    expect(untouched.map((p) => [p.companyId, p.createdBy])).toEqual([
      [c.companyId, c.user.id],
      [c.companyId, c.admin.id],
    ]);
    expect(await ctx.db.select().from(registrationLinks).where(eq(registrationLinks.companyId, c.companyId))).toHaveLength(1);
  });

  it("is for super admins only; other roles change nothing", async () => {
    const c = await companyWithData("Zeta Bau GmbH");
    expect((await ctx.request("DELETE", `/api/companies/${c.companyId}`, { user: c.admin })).statusCode).toBe(403);
    expect((await ctx.request("DELETE", `/api/companies/${c.companyId}`, { user: c.user })).statusCode).toBe(403);
    expect(await ctx.db.select().from(users).where(eq(users.companyId, c.companyId))).toHaveLength(2);
  });
});
