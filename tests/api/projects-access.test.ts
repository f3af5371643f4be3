// Every projects route × every role × own company / other company / demo project 1 (requirements part 1
// section 6, docs/architecture.md): another company's project is a 404, a visible one the caller may not
// change is a 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { firstStart } from "../../src/server/seed/first-start";
import { createProject, createWorld, uploadHtml, uploadInput, type World } from "./projects.helpers";

type Target = "own" | "other" | "demo";
type Actor = "super_admin" | "company_admin" | "user" | "admin_without_company" | "anonymous";

let ctx: TestContext;
let w: World;
let ownProject: number;
let otherProject: number;

const actorUser = (a: Actor): TestUser | null =>
  ({ super_admin: w.superAdmin, company_admin: w.adminA, user: w.userA, admin_without_company: w.adminNoCompany, anonymous: null })[a];

type Call = (user: TestUser | null, id: number) => Promise<{ statusCode: number; body: string }>;

const routes: Record<string, { call: Call; destructive?: boolean }> = {
  "GET /api/projects/:id": { call: (user, id) => ctx.request("GET", `/api/projects/${id}`, { user }) },
  "PUT /api/projects/:id": { call: (user, id) => ctx.request("PUT", `/api/projects/${id}`, { user, body: { description: "Geändert" } }) },
  "DELETE /api/projects/:id": { call: (user, id) => ctx.request("DELETE", `/api/projects/${id}`, { user }), destructive: true },
  "POST /api/projects/:id/upload-html": { call: (user, id) => uploadHtml(ctx, user as TestUser, id) },
  "POST /api/projects/:id/upload-input": { call: (user, id) => uploadInput(ctx, user as TestUser, id) },
  "GET /api/projects/:id/download-input": { call: (user, id) => ctx.request("GET", `/api/projects/${id}/download-input`, { user }) },
  "GET /api/projects/:id/download-output": { call: (user, id) => ctx.request("GET", `/api/projects/${id}/download-output`, { user }) },
  "GET /api/projects/:id/result": { call: (user, id) => ctx.request("GET", `/api/projects/${id}/result`, { user }) },
  "GET /api/projects/:id/files": { call: (user, id) => ctx.request("GET", `/api/projects/${id}/files`, { user }) },
};

// Expected status per route: [super_admin, company_admin, user, admin_without_company] for
// [own, other, demo]; anonymous is always 401. Super admins have no "other" company: both
// company projects are theirs to manage.
const S = 200;
const expected: Record<string, Record<Exclude<Actor, "anonymous">, [number, number, number]>> = {
  "GET /api/projects/:id": { super_admin: [S, S, S], company_admin: [S, 404, S], user: [S, 404, S], admin_without_company: [404, 404, S] },
  "PUT /api/projects/:id": {
    super_admin: [S, S, S],
    company_admin: [S, 404, 403],
    user: [403, 404, 403],
    admin_without_company: [404, 404, 403],
  },
  "DELETE /api/projects/:id": {
    super_admin: [S, S, S],
    company_admin: [S, 404, 403],
    user: [403, 404, 403],
    admin_without_company: [404, 404, 403],
  },
  "POST /api/projects/:id/upload-html": {
    super_admin: [S, S, S],
    company_admin: [S, 404, 403],
    user: [403, 404, 403],
    admin_without_company: [404, 404, 403],
  },
  "POST /api/projects/:id/upload-input": {
    super_admin: [S, S, S],
    company_admin: [S, 404, 403],
    user: [403, 404, 403],
    admin_without_company: [404, 404, 403],
  },
  "GET /api/projects/:id/download-input": {
    super_admin: [S, S, S],
    company_admin: [S, 404, S],
    user: [S, 404, S],
    admin_without_company: [404, 404, S],
  },
  "GET /api/projects/:id/download-output": {
    super_admin: [S, S, S],
    company_admin: [S, 404, S],
    user: [403, 404, 403],
    admin_without_company: [404, 404, S],
  },
  "GET /api/projects/:id/result": {
    super_admin: [S, S, S],
    company_admin: [S, 404, S],
    user: [S, 404, S],
    admin_without_company: [404, 404, S],
  },
  "GET /api/projects/:id/files": {
    super_admin: [S, S, S],
    company_admin: [S, 404, S],
    user: [S, 404, S],
    admin_without_company: [404, 404, S],
  },
};

/** A project of company A (own) or B (other) with an input file and an evaluation. */
async function freshProject(target: Exclude<Target, "demo">) {
  const creator = target === "own" ? w.adminA : w.adminB;
  const id = await createProject(ctx, creator, { name: `Projekt ${target}` });
  const res = await uploadHtml(ctx, creator, id);
  expect(res.statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
  ownProject = await freshProject("own");
  otherProject = await freshProject("other");
});
afterAll(() => ctx?.close());

describe.each(Object.keys(routes))("%s", (route) => {
  const { call, destructive } = routes[route];
  const actors = Object.keys(expected[route]) as Exclude<Actor, "anonymous">[];
  const cases = actors.flatMap((actor) =>
    (["own", "other", "demo"] as Target[]).map((target, i) => ({ actor, target, status: expected[route][actor][i] })),
  );

  it.each(cases)("$actor on $target project → $status", async ({ actor, target, status }) => {
    // Destructive calls that succeed get a project of their own; the demo project is restored.
    const id = target === "demo" ? 1 : destructive ? await freshProject(target) : target === "own" ? ownProject : otherProject;
    const res = await call(actorUser(actor), id);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 404) expect(JSON.parse(res.body).message).toBe("Projekt nicht gefunden");
    if (target === "demo" && destructive && status === 200) {
      await firstStart(ctx.db, ctx.config, { warn() {}, info() {}, error() {} } as never);
    }
  });

  it("anonymous → 401", async () => {
    const res = await call(null, ownProject);
    expect(res.statusCode).toBe(401);
  });

  it("an unknown project is a 404 for a super admin", async () => {
    const res = await call(w.superAdmin, 999_999);
    expect(res.statusCode).toBe(404);
  });
});

describe("lists", () => {
  const ids = async (user: TestUser | null, url = "/api/projects") => {
    const res = await ctx.request("GET", url, { user });
    return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json() as { id: number }[]).map((p) => p.id) : [] };
  };

  it("GET /api/projects: super admins see all, others their company plus the demo project", async () => {
    const all = await ids(w.superAdmin);
    expect(all.ids).toEqual(expect.arrayContaining([ownProject, otherProject, 1]));
    for (const user of [w.adminA, w.userA]) {
      const r = await ids(user);
      expect(r.ids).toContain(ownProject);
      expect(r.ids).toContain(1);
      expect(r.ids).not.toContain(otherProject);
    }
    for (const user of [w.adminB, w.userB]) {
      const r = await ids(user);
      expect(r.ids).toContain(otherProject);
      expect(r.ids).not.toContain(ownProject);
    }
    expect((await ids(w.adminNoCompany)).ids).toEqual([1]);
    expect((await ids(null)).status).toBe(401);
  });

  it("GET /api/projects is ordered newest first", async () => {
    const res = await ctx.request("GET", "/api/projects", { user: w.superAdmin });
    const dates = (res.json() as { createdAt: string }[]).map((p) => Date.parse(p.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("GET /api/companies/:companyId/projects: own company only, another is a 404", async () => {
    expect((await ids(w.superAdmin, `/api/companies/${w.companyA}/projects`)).ids).toContain(ownProject);
    expect((await ids(w.superAdmin, `/api/companies/${w.companyB}/projects`)).ids).toContain(otherProject);
    const own = await ids(w.adminA, `/api/companies/${w.companyA}/projects`);
    expect(own.status).toBe(200);
    expect(own.ids).toContain(ownProject);
    expect(own.ids).not.toContain(otherProject);
    expect((await ids(w.userA, `/api/companies/${w.companyA}/projects`)).ids).toContain(ownProject);
    expect((await ids(w.adminA, `/api/companies/${w.companyB}/projects`)).status).toBe(404);
    expect((await ids(w.userA, `/api/companies/${w.companyB}/projects`)).status).toBe(404);
    expect((await ids(w.adminNoCompany, `/api/companies/${w.companyA}/projects`)).status).toBe(404);
    expect((await ids(w.superAdmin, `/api/companies/999999/projects`)).status).toBe(404);
    expect((await ids(null, `/api/companies/${w.companyA}/projects`)).status).toBe(401);
  });
});

describe("POST /api/projects by role", () => {
  it("a company admin creates for their own company, whatever companyId says", async () => {
    const id = await createProject(ctx, w.adminA, { companyId: String(w.companyB), status: "Abgeschlossen" });
    const p = (await ctx.request("GET", `/api/projects/${id}`, { user: w.adminA })).json();
    expect(p.companyId).toBe(w.companyA);
    expect(p.status).toBe("Neu");
    expect(p.createdBy).toMatchObject({ id: w.adminA.id, username: w.adminA.username });
    expect((await ctx.request("GET", `/api/projects/${id}`, { user: w.adminB })).statusCode).toBe(404);
  });

  it("a super admin may choose an existing company or none", async () => {
    const forB = await createProject(ctx, w.superAdmin, { companyId: String(w.companyB) });
    expect((await ctx.request("GET", `/api/projects/${forB}`, { user: w.userB })).json().company).toEqual({
      id: w.companyB,
      name: "Bau Beta AG",
    });
    const none = await createProject(ctx, w.superAdmin, { companyId: "" });
    expect((await ctx.request("GET", `/api/projects/${none}`, { user: w.superAdmin })).json().companyId).toBeNull();
    expect((await ctx.request("GET", `/api/projects/${none}`, { user: w.adminA })).statusCode).toBe(404);
    await expect(createProject(ctx, w.superAdmin, { companyId: "999999" })).rejects.toThrow(/400/);
  });

  it("users may not create; a company admin without company gets the notice", async () => {
    await expect(createProject(ctx, w.userA)).rejects.toThrow(/403/);
    await expect(createProject(ctx, w.adminNoCompany)).rejects.toThrow(/403.*Unternehmen zugewiesen.*Support/);
    await expect(createProject(ctx, null as unknown as TestUser)).rejects.toThrow(/401/);
  });

  it("a request from another site is refused", async () => {
    const res = await ctx.request("DELETE", `/api/projects/${ownProject}`, { user: w.adminA, headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
  });
});

describe("status changes", () => {
  it("only a super admin changes the status; it is audited", async () => {
    const denied = await ctx.request("PUT", `/api/projects/${ownProject}`, { user: w.adminA, body: { status: "Aktiv" } });
    expect(denied.statusCode).toBe(403);
    const ok = await ctx.request("PUT", `/api/projects/${ownProject}`, { user: w.superAdmin, body: { status: "in_review" } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe("in_review");
    const bad = await ctx.request("PUT", `/api/projects/${ownProject}`, { user: w.superAdmin, body: { status: "Erfunden" } });
    expect(bad.statusCode).toBe(400);
    const { auditLog } = await import("../../src/server/db/schema");
    const rows = await ctx.db.select().from(auditLog);
    expect(rows.some((r) => r.action === "project.status_change" && r.targetId === String(ownProject))).toBe(true);
    expect(rows.some((r) => r.action === "project.delete")).toBe(true);
  });
});
